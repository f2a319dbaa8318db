import { isApiError } from './http';

type Named = { id: string; name: string };
const isNamed = (v: unknown): v is Named =>
  typeof v === 'object' && v !== null && typeof (v as Named).id === 'string' && typeof (v as Named).name === 'string';

/**
 * The record a 409 names as already holding the email or domain (only one the caller may see), else
 * null: the contract's ZDuplicateResponse, read by hand, because lib/ is in every page's first
 * download and a schema here would bring zod into it.
 */
export function duplicateOf(error: unknown): Named | null {
  if (!isApiError(error, 409)) return null;
  const existing = (error.body as { existing?: unknown } | null | undefined)?.existing;
  return isNamed(existing) ? { id: existing.id, name: existing.name } : null;
}
