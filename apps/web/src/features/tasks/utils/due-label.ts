import type { TTask } from '@pipewise/contract/tasks';

const DAY = new Intl.DateTimeFormat('en-IN', { day: 'numeric', month: 'short', timeZone: 'UTC' });

/** '15:00' as '3:00 PM'. */
export function clockTime(hm: string): string {
  const [h, m] = hm.split(':').map(Number) as [number, number];
  return `${h % 12 === 0 ? 12 : h % 12}:${String(m).padStart(2, '0')} ${h < 12 ? 'AM' : 'PM'}`;
}

/** When a task is due, in words: 'Today, 3:00 PM', '9 Mar', or null when it has no due date. */
export function dueLabel(task: Pick<TTask, 'due_date' | 'due_time' | 'due_today' | 'overdue'>): string | null {
  if (!task.due_date) return null;
  const day = task.due_today && !task.overdue ? 'Today' : DAY.format(new Date(`${task.due_date}T00:00:00Z`));
  return task.due_time ? `${day}, ${clockTime(task.due_time)}` : day;
}
