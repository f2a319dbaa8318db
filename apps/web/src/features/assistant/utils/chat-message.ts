import { z } from 'zod';
import { ZChatSource, ZRecordView } from '@pipewise/contract/assistant';

/**
 * One line of the assistant panel's conversation (the spec's chat message): who spoke, the text,
 * when, and what kind of line it is. Stored as JSON in local storage, so it is read back with zod.
 */
export const ZChatMessage = z.object({
  id: z.string(),
  type: z.enum(['user', 'bot', 'system', 'error']),
  content: z.string(),
  timestamp: z.string(),
  isConfirmation: z.boolean().optional(),
  isSuccess: z.boolean().optional(),
  isError: z.boolean().optional(),
  isSelection: z.boolean().optional(),
  /** Records to show as property name/value lists (a selection, a search answer, a written record). */
  results: z.array(ZRecordView).optional(),
  sources: z.array(ZChatSource).optional(),
  note: z.string().nullable().optional(),
});
export type TChatMessage = z.infer<typeof ZChatMessage>;

type NewMessage = Omit<TChatMessage, 'id' | 'timestamp'>;

let counter = 0;

/** A message stamped now, with an id unique within the page (keys for the list). */
export function chatMessage(fields: NewMessage, now = new Date()): TChatMessage {
  counter += 1;
  return { id: `${now.getTime().toString(36)}-${counter}`, timestamp: now.toISOString(), ...fields };
}

/** The spec's failure line: server detail, else the error's message, else a generic text. */
export function errorMessage(text: string): TChatMessage {
  return chatMessage({ type: 'error', content: `Error: ${text || 'An error occurred'}`, isError: true });
}
