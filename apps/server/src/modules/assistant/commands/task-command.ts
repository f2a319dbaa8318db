import * as chrono from 'chrono-node';
import { TASK_WHEN } from '@pipewise/contract/assistant';
import type { TTaskRecordType } from '@pipewise/contract/tasks';
import type { Gazetteer } from '../understanding/gazetteer';
import { findMentions } from '../understanding/mentions';
import { wallClock } from './date-parser';

/** A task as a command asks for it ("remind me to send the proposal to Kaveri on Friday"). */
export type TaskCommand = {
  title: string;
  /** yyyy-mm-dd in the caller's zone, or null. */
  dueDate: string | null;
  /** HH:MM in the caller's zone, or null. */
  dueTime: string | null;
  /** The deal, company or contact the title names, among those the caller sees. */
  record: { type: TTaskRecordType; id: string; name: string } | null;
};

export type TaskCommandContext = { now: Date; timeZone: string; names?: Gazetteer };

/**
 * The ways a task is asked for: "remind me to ...", "add a task to ...", "create a to-do: ...",
 * "new task ...", "to-do: ...", "add ... to my to-do list". A question about tasks ("what are my
 * tasks today") and a CRM command ("create deal ...") match none of them.
 */
const LEADS: RegExp[] = [
  /^remind me (?:to|that i (?:need|have) to|about|of)\s+(.+)$/i,
  new RegExp(
    '^(?:add|create|make|set(?: up)?|put in|new|schedule)\\s+(?:me\\s+)?(?:a\\s+|an\\s+)?(?:new\\s+)?(?:task|to-?do|todo|reminder|to do)' +
      '(?:\\s+item)?(?:\\s*(?::|-|–|to|for|that says|called|saying)\\s*|\\s+)(.+)$',
    'i',
  ),
  /^(?:new\s+)?(?:task|to-?do|todo|reminder)\s*:\s*(.+)$/i,
  /^add\s+(.+?)\s+to\s+my\s+(?:to-?do|todo|to do|task)s?(?:\s+list)?$/i,
  /^i need to remember to\s+(.+)$/i,
];

const POLITE = /^(?:(?:hey|hi|ok|okay)[,!]?\s+)?(?:(?:please|pls|can you|could you|would you)\s+)?/i;

/**
 * Leads with the due day before the task: "remind me in 2 days to check the redlines", "remind me
 * at 4pm to send the invoice", "add 'update forecast' to my to-do list for Friday". The answer puts
 * the task first and the day after it, as the other leads read.
 */
const SPLIT_LEADS: { lead: RegExp; task: number; when: number }[] = [
  { lead: new RegExp(`^remind me\\s+(${TASK_WHEN})\\s+to\\s+(.+)$`, 'i'), task: 2, when: 1 },
  { lead: /^add\s+(.+?)\s+to\s+my\s+(?:to-?do|todo|to do|task)s?(?:\s+list)?\s+((?:for|on|by|due|before)\s+.+)$/i, task: 1, when: 2 },
];

/** The text after the lead that asks for a task, or null when the command is not a task. */
export function taskText(command: string): string | null {
  const text = command
    .trim()
    .replace(POLITE, '')
    .replace(/[?.!]+$/, '')
    .trim();
  for (const { lead, task, when } of SPLIT_LEADS) {
    const m = lead.exec(text);
    if (m?.[task]?.trim() && m[when]) return `${m[task].trim()} ${m[when].trim()}`;
  }
  for (const lead of LEADS) {
    const m = lead.exec(text);
    if (m?.[1]?.trim()) return m[1].trim();
  }
  return null;
}

const pad = (n: number) => String(n).padStart(2, '0');
/** Connecting words left behind when the date is taken out of the title ("... on", "... by"). */
const DANGLING = /\s+(?:on|by|at|before|due|for|this|next|until|till)$/i;

/** When the task is due, read from the text, and the text without it. */
function dueOf(text: string, ctx: TaskCommandContext): { rest: string; dueDate: string | null; dueTime: string | null } {
  const reference = wallClock({ now: ctx.now, timeZone: ctx.timeZone });
  const hits = chrono.en.casual
    .parse(text, { instant: reference }, { forwardDate: true })
    // A bare number ("call 3 people") is not a date: a day, a weekday, a month or a time of day is.
    .filter((h) => /[a-z]/i.test(h.text) || /\d[:.]\d/.test(h.text));
  const hit = hits[hits.length - 1];
  if (!hit) return { rest: text, dueDate: null, dueTime: null };
  const y = hit.start.get('year');
  const m = hit.start.get('month');
  const d = hit.start.get('day');
  if (y === null || m === null || d === null) return { rest: text, dueDate: null, dueTime: null };
  const timed = hit.start.isCertain('hour');
  const rest = `${text.slice(0, hit.index)} ${text.slice(hit.index + hit.text.length)}`.replace(/\s+/g, ' ').trim().replace(DANGLING, '');
  return {
    rest: rest.replace(DANGLING, '').trim(),
    dueDate: `${y}-${pad(m)}-${pad(d)}`,
    dueTime: timed ? `${pad(hit.start.get('hour') ?? 0)}:${pad(hit.start.get('minute') ?? 0)}` : null,
  };
}

/** The deal, company or contact the title names most surely, among the caller's names. */
function recordNamed(title: string, names: Gazetteer | undefined): TaskCommand['record'] {
  if (!names) return null;
  const mentions = findMentions(names, title, { kinds: ['deal', 'company', 'contact'], minScore: 0.75 });
  let best: { type: TTaskRecordType; id: string; name: string; score: number } | null = null;
  for (const mention of mentions) {
    const top = mention.candidates[0];
    if (!top) continue;
    // Several records named alike ("Kaveri": the company and its deals): the company, else the first.
    const tied = mention.candidates.filter((c) => c.score === top.score);
    const pick = tied.find((c) => c.entry.kind === 'company') ?? top;
    if (!best || pick.score > best.score) {
      best = { type: pick.entry.kind as TTaskRecordType, id: pick.entry.id, name: pick.entry.label, score: pick.score };
    }
  }
  return best && { type: best.type, id: best.id, name: best.name };
}

/** A task command read from the text, or null when the text does not ask for a task. */
export function readTaskCommand(command: string, ctx: TaskCommandContext): TaskCommand | null {
  const text = taskText(command);
  if (text === null) return null;
  const { rest, dueDate, dueTime } = dueOf(text, ctx);
  const cleaned = rest
    .replace(/^[\s:,;–-]+|[\s:,;–-]+$/g, '')
    .replace(/^["'“”‘’]+|["'“”‘’]+$/g, '')
    .trim();
  const title = cleaned.charAt(0).toUpperCase() + cleaned.slice(1);
  return { title, dueDate, dueTime, record: title ? recordNamed(title, ctx.names) : null };
}
