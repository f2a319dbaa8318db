import { z } from 'zod';
import { ZChatSource } from '@pipewise/contract/assistant';

/** One question of the home ask panel and its answer (null while it is being worked out). */
export const ZHomeChatEntry = z.object({
  id: z.string(),
  query: z.string(),
  response: z.string().nullable(),
  isError: z.boolean().optional(),
  sources: z.array(ZChatSource).optional(),
  note: z.string().nullable().optional(),
  timestamp: z.string(),
});
export type THomeChatEntry = z.infer<typeof ZHomeChatEntry>;

export const HOME_FAILURE_TEXT = 'Failed to process query. Please try again.';

/**
 * Entries read back from storage: one still waiting when the page went away will get no answer
 * now, so it shows as failed instead of thinking forever.
 */
export function settleInterrupted(entries: THomeChatEntry[]): THomeChatEntry[] {
  return entries.map((entry) => (entry.response === null ? { ...entry, response: HOME_FAILURE_TEXT, isError: true } : entry));
}

/** The spec's six suggestion tiles, three distinct questions, each asked two ways round the grid. */
export const HOME_SUGGESTIONS = [
  'Which deals are closing this month?',
  'What was discussed in the last meeting?',
  'Who has the most pipeline?',
  'Which deals are closing this month?',
  'What was discussed in the last meeting?',
  'Who has the most pipeline?',
] as const;

/** A tile's question with the account it is about, as the spec words it. */
export function withAccount(question: string, account: string): string {
  const name = account.trim();
  return name ? `For account ${name}: ${question}` : question;
}
