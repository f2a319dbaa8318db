import { z } from 'zod';

/** Every error answer of the API: `{detail}` plus optional per-field messages. */
export const ZErrorResponse = z.object({
  detail: z.string(),
  errors: z.array(z.object({ field: z.string(), message: z.string() })).optional(),
});
export type TErrorResponse = z.infer<typeof ZErrorResponse>;

/** The 403 of a write whose CSRF token is missing or not valid for the browser's session. */
export const CSRF_REFUSED_MESSAGE = 'Missing or invalid CSRF token. Reload the page and try again.';

/** The spec's email rule: non-space text, @, domain, dot, suffix. */
export const EMAIL_PATTERN = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;
export const INVALID_EMAIL_MESSAGE = 'Please enter a valid email address';

export const ZEmail = z
  .string()
  .trim()
  .max(254, INVALID_EMAIL_MESSAGE)
  .regex(EMAIL_PATTERN, INVALID_EMAIL_MESSAGE)
  .transform((v) => v.toLowerCase());

export const ROLES = ['super_admin', 'admin', 'user'] as const;
export const ZRole = z.enum(ROLES);
export type TRole = z.infer<typeof ZRole>;

/** The roles that hold admin rights (compared in lower case). */
export const ADMIN_ROLES: readonly TRole[] = ['super_admin', 'admin'];

/** Admin rights: admin or super_admin, upper-case variants accepted. */
export function isAdminRole(role: string | null | undefined): boolean {
  return ADMIN_ROLES.includes((role ?? '').toLowerCase() as TRole);
}
