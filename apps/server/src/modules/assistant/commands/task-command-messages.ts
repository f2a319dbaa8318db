import type { PendingChange } from '../../../db/schema/assistant';
import type { TaskCommand } from './task-command';

const DAY = new Intl.DateTimeFormat('en-GB', { weekday: 'short', day: 'numeric', month: 'short', year: 'numeric', timeZone: 'UTC' });

/** 'Fri, 27 Nov 2026' for 2026-11-27. */
export function dayWords(ymd: string): string {
  const parts = DAY.formatToParts(new Date(`${ymd}T00:00:00Z`));
  const part = (type: string) => parts.find((p) => p.type === type)?.value ?? '';
  return `${part('weekday')}, ${part('day')} ${part('month')} ${part('year')}`;
}

/** '3:00 PM' for 15:00. */
export function timeWords(hm: string): string {
  const [h, m] = hm.split(':').map(Number) as [number, number];
  return `${h % 12 === 0 ? 12 : h % 12}:${String(m).padStart(2, '0')} ${h < 12 ? 'AM' : 'PM'}`;
}

export const TASK_COMMAND_TEXTS = {
  untitled: "Please say what the task is, e.g. 'remind me to send the proposal on Friday'.",
} as const;

/** What the confirmation lists besides the title: when it is due and what it is about. */
export function taskChanges(task: TaskCommand): PendingChange[] {
  const changes: PendingChange[] = [{ property: 'title', label: 'title', value: task.title }];
  if (task.dueDate) {
    changes.push({
      property: 'due',
      label: 'due',
      value: `${dayWords(task.dueDate)}${task.dueTime ? ` at ${timeWords(task.dueTime)}` : ''}`,
    });
  }
  if (task.record) changes.push({ property: 'record', label: `on the ${task.record.type}`, value: task.record.name });
  return changes;
}

/** 'Create task "Send the proposal to Kaveri" due Fri, 27 Nov 2026 on the company Kaveri Foods?' */
export function taskQuestion(title: string, changes: PendingChange[]): string {
  const rest = changes.filter((c) => c.property !== 'title').map((c) => `${c.label} ${c.value}`);
  return `Create task "${title}"${rest.length ? ` ${rest.join(' ')}` : ''}?`;
}
