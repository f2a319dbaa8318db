import type { TTask } from '@pipewise/contract/tasks';
import type { Caller } from '../../access/access-rules';
import type { TaskReads } from '../../tasks/task-reads';
import type { Answer } from './answer-kit';

/** Which of the caller's tasks a question asks for. */
export type TaskQuestion = { which: 'today' | 'overdue' | 'open' };

/** At most this many tasks are named in an answer; the count says how many there are. */
const LISTED = 20;

const TASK_WORD = /\b(?:tasks?|to-?dos?|todos?|to do(?:s| list)?|reminders?)\b/i;
/** A question, not a command: it asks what, which, whether or how many, or to show or list. */
const ASKS = new RegExp(
  "^(?:what(?:'s| is| are)?|whats|which|do i|have i|are there|is there|any|how many|show(?: me)?|list|give me|tell me|check|my|" +
    "today'?s|overdue)\\b",
  'i',
);
/** "add a task", "remind me", "create a to-do": commands, never questions. */
const COMMANDS = /^(?:add|create|make|new|set|remind|schedule|put)\b/i;

/** Reads a question about the caller's own tasks ("what are my tasks today", "do I have any overdue tasks"), else null. */
export function readTaskQuestion(question: string): TaskQuestion | null {
  const q = question.trim().replace(/\s+/g, ' ');
  if (!TASK_WORD.test(q) || COMMANDS.test(q) || !ASKS.test(q)) return null;
  // "tasks for Kaveri", "tasks on the Orion deal": about someone else's or a record's: not this answer.
  if (/\b(?:tasks?|to-?dos?)\s+(?:for|of|on|about)\s+(?!today|me\b|tomorrow)/i.test(q)) return null;
  if (/\b(?:overdue|late|past due|missed)\b/i.test(q)) return { which: 'overdue' };
  if (/\b(?:today|tonight|this morning|due now)\b/i.test(q)) return { which: 'today' };
  return { which: 'open' };
}

const DAY = new Intl.DateTimeFormat('en-IN', { day: 'numeric', month: 'short', timeZone: 'UTC' });
const hm = (time: string) => {
  const [h, m] = time.split(':').map(Number) as [number, number];
  return `${h % 12 === 0 ? 12 : h % 12}:${String(m).padStart(2, '0')} ${h < 12 ? 'AM' : 'PM'}`;
};

/** '- Call Dana (overdue, due 20 Nov) - Kaveri Foods' */
function line(task: TTask): string {
  const day = task.due_date && (task.due_today && !task.overdue ? 'today' : `due ${DAY.format(new Date(`${task.due_date}T00:00:00Z`))}`);
  const due = day ? `${day}${task.due_time ? ` at ${hm(task.due_time)}` : ''}` : 'no due date';
  return `- ${task.title} (${task.overdue ? `overdue, ${due}` : due})${task.record ? ` - ${task.record.name}` : ''}`;
}

const plural = (n: number) => `${n} ${n === 1 ? 'task' : 'tasks'}`;

/** The caller's open tasks the question asks for, on their own clock, with the overdue ones marked. */
export async function answerTasks(
  caller: Caller,
  read: TaskQuestion,
  tasks: Pick<TaskReads, 'dueToday' | 'open'>,
  timeZone: string,
): Promise<Answer> {
  const found = read.which === 'open' ? await tasks.open(caller, timeZone, 50) : await tasks.dueToday(caller, timeZone, 50);
  const chosen = read.which === 'overdue' ? found.tasks.filter((t) => t.overdue) : found.tasks;
  const total = read.which === 'overdue' ? chosen.length : found.total;
  const empty = {
    today: 'You have no tasks due today, and none overdue.',
    overdue: 'You have no overdue tasks.',
    open: 'Your to-do list is empty.',
  }[read.which];
  if (total === 0) return { text: empty, sources: [], results: [] };
  const head = {
    today: `You have ${plural(total)} due today or overdue:`,
    overdue: `You have ${plural(total)} overdue:`,
    open: `You have ${plural(total)} on your to-do list:`,
  }[read.which];
  const shown = chosen.slice(0, LISTED);
  const more = total > shown.length ? `\n...and ${total - shown.length} more.` : '';
  return { text: `${head}\n${shown.map(line).join('\n')}${more}`, sources: [], results: [] };
}
