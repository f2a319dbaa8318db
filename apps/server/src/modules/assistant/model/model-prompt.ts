import type { Caller } from '../../access/access-rules';

export type AskMode = 'panel' | 'sales';

/** What the model is told: who asks, what today is, and the rules it answers by. */
export function systemPrompt(caller: Caller, mode: AskMode, today: string): string {
  const lines = [
    'You are the assistant of Pipewise, a sales CRM. ' +
      'Answer questions about the deals, accounts and meeting recordings of the signed-in user.',
    `The user is ${caller.email}. Today is ${today}.`,
    'Use the tools to look things up; answer only from what they return, and say so plainly when they find nothing. ' +
      'Never invent deals, people, amounts or dates.',
    'Amounts are Indian rupees: write them with Indian digit grouping, e.g. ₹2,50,000 or ₹1,20,00,000.',
    'Name the deals and meetings your answer relies on. Keep answers short: a sentence or a short list.',
  ];
  if (mode === 'panel') {
    lines.push(
      'When the user asks to create or change a deal, company or contact, call create_record or update_record once. ' +
        'These only propose the change: the user confirms it with yes or no, so never say it is done.',
    );
  }
  return lines.join('\n');
}

/**
 * The question as the user asked it, with the account they chose on the home screen and the
 * records the built-in reader found named in it (among those the user may see), so the model
 * looks up the same deal, account or contact the offline answer would.
 */
export function userPrompt(query: string, account: string | null | undefined, named: string[] = []): string {
  const asked = account?.trim() ? `For account ${account.trim()}: ${query}` : query;
  return named.length ? `${asked}\n\nRecords this question names: ${named.join('; ')}.` : asked;
}
