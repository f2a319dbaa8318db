import { isCommandText, NO_WORDS, YES_WORDS } from '@pipewise/contract/assistant';

/** A create or update command (the spec's rule) or a task ("remind me to ..."); anything else is a question. */
export function isCommand(text: string): boolean {
  return isCommandText(text);
}

const normal = (text: string) => text.trim().toLowerCase();

export function isYes(text: string): boolean {
  return (YES_WORDS as readonly string[]).includes(normal(text));
}

export function isNo(text: string): boolean {
  return (NO_WORDS as readonly string[]).includes(normal(text));
}
