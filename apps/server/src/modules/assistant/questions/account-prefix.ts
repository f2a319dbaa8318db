/** The home screen's 'For account {account}: ' prefix (SPEC: example tiles are sent with it). */
const PREFIX = /^\s*for account\s+(.+?)\s*:\s*(.*)$/is;

/** Splits a query into the account named by its prefix (if any) and the question itself. */
export function splitAccountPrefix(query: string): { account: string | null; question: string } {
  const m = PREFIX.exec(query);
  if (!m || !m[2]!.trim()) return { account: null, question: query.trim() };
  return { account: m[1]!.trim(), question: m[2]!.trim() };
}

/** Words after which a question names an account ('last meeting with Kaveri Foods'). */
const ACCOUNT_AFTER = /^.*\b(?:with|for|at|from|of|on|about)\s+(?:the\s+)?(?:(?:account|customer|client|company)\s+)?(.+?)\s*[?.!]*$/is;

/** An account named at the end of the question, for questions that need one ('... with Kaveri Foods?'). */
export function trailingAccount(question: string): string | null {
  const m = ACCOUNT_AFTER.exec(question.trim());
  if (!m) return null;
  const name = m[1]!.replace(/[?.!]+$/, '').trim();
  return /^(me|us|them|it|my team|the team|this account|today|tomorrow)$/i.test(name) ? null : name;
}
