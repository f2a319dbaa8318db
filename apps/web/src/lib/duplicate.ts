import { ZDuplicateResponse } from '@pipewise/contract/companies';
import { isApiError } from './http';

/** The record a 409 names as already holding the email or domain (only one the caller may see), else null. */
export function duplicateOf(error: unknown): { id: string; name: string } | null {
  if (!isApiError(error, 409)) return null;
  const parsed = ZDuplicateResponse.safeParse(error.body);
  return parsed.success ? parsed.data.existing : null;
}
