/**
 * A task's day and time as the assignee's wall clock shows them. Kept here (and not imported from
 * the assistant's questions/time-zone.ts) because the assistant uses this module: no circle.
 */

/** The zone if the runtime knows it, else UTC: a bad saved or sent value never fails a task. */
export function knownZone(value: string | null | undefined): string {
  const zone = value?.trim();
  if (!zone || zone.length > 64) return 'UTC';
  try {
    new Intl.DateTimeFormat('en-US', { timeZone: zone });
    return zone;
  } catch {
    return 'UTC';
  }
}

/** yyyy-mm-dd and HH:MM of `instant` in `zone`. */
export function wallClock(instant: Date, zone: string): { date: string; time: string } {
  const parts = new Intl.DateTimeFormat('en-CA', {
    timeZone: zone,
    hourCycle: 'h23',
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
    hour: '2-digit',
    minute: '2-digit',
  }).formatToParts(instant);
  const n = (type: string) => parts.find((p) => p.type === type)!.value;
  return { date: `${n('year')}-${n('month')}-${n('day')}`, time: `${n('hour')}:${n('minute')}` };
}

/** Whether an open task is due today or earlier, and whether it is past due (its day, or its time today, has passed). */
export function dueState(task: { dueDate: string | null; dueTime: string | null }, now: Date, zone: string) {
  if (!task.dueDate) return { dueToday: false, overdue: false };
  const wall = wallClock(now, zone);
  const overdue = task.dueDate < wall.date || (task.dueDate === wall.date && task.dueTime !== null && task.dueTime < wall.time);
  return { dueToday: task.dueDate <= wall.date, overdue };
}
