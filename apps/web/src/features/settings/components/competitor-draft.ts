import { ZCompetitorList } from '@pipewise/contract/coaching';
import { isApiError } from '../../../lib/http';

export const COMPETITORS_SAVED_MESSAGE = 'Competitors saved. Call stats will show their mentions shortly.';
const SAVE_FAILED = 'Failed to save the competitors. Please try again.';

/**
 * Why `name` cannot join `names` (the contract's limits, and no second copy of a name in any case), or null
 * when it can.
 */
export function addProblem(names: readonly string[], name: string): string | null {
  const trimmed = name.trim();
  if (names.some((n) => n.toLowerCase() === trimmed.toLowerCase()) && trimmed) return `${trimmed} is already on the list.`;
  const parsed = ZCompetitorList.safeParse({ names: [...names, trimmed] });
  return parsed.success ? null : (parsed.error.issues[0]?.message ?? 'This name cannot be added.');
}

/** What a refused save says: the server's own message (a 400's first field message, a 403's refusal), else a retry hint. */
export function saveErrorMessage(error: unknown): string {
  if (!isApiError(error)) return SAVE_FAILED;
  return error.fieldErrors[0]?.message || error.detail || SAVE_FAILED;
}

export const sameNames = (a: readonly string[], b: readonly string[]) => a.length === b.length && a.every((n, i) => n === b[i]);
