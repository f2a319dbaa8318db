import { z } from 'zod';
import { EMAIL_PATTERN, INVALID_EMAIL_MESSAGE } from './common';

export type FieldErrors<K extends string> = Partial<Record<K, string>>;

export type TAddUserInput = {
  first_name: string;
  last_name: string;
  email: string;
  phone_number: string;
  reports_to_email: string;
};

/** Spaces, dashes and brackets are ignored; then exactly 10 characters: optional + and a non-zero first digit. */
export const normalizePhone = (value: string) => value.replace(/[\s\-()]/g, '');
const PHONE_PATTERN = /^(?=.{10}$)\+?[1-9]\d*$/;

/** The add-user form's rules, in the spec's order; the first failing rule per field wins. */
export function addUserFieldErrors(input: TAddUserInput): FieldErrors<keyof TAddUserInput> {
  const errors: FieldErrors<keyof TAddUserInput> = {};
  const name = (value: string, label: string) => {
    const v = value.trim();
    if (!v) return `${label} is required`;
    if (v.length < 2) return `${label} must be at least 2 characters`;
    return undefined;
  };
  errors.first_name = name(input.first_name, 'First name');
  errors.last_name = name(input.last_name, 'Last name');
  const email = input.email.trim();
  errors.email = !email ? 'Email is required' : EMAIL_PATTERN.test(email) ? undefined : INVALID_EMAIL_MESSAGE;
  const phone = normalizePhone(input.phone_number);
  errors.phone_number = !phone
    ? 'Phone number is required'
    : PHONE_PATTERN.test(phone)
      ? undefined
      : 'Please enter a valid 10-digit phone number';
  errors.reports_to_email = input.reports_to_email.trim() ? undefined : 'Please select a manager';
  for (const key of Object.keys(errors) as (keyof TAddUserInput)[]) if (!errors[key]) delete errors[key];
  return errors;
}

export type TWorkspaceInput = { organization_name: string; organization_domain: string };

const DOMAIN_PATTERN = /^(?=.{1,253}$)(?!-)[a-z0-9-]{1,63}(?<!-)(\.(?!-)[a-z0-9-]{1,63}(?<!-))*\.[a-z]{2,63}$/i;
export const DOMAIN_EXAMPLE = 'example.com';

export function workspaceFieldErrors(input: TWorkspaceInput): FieldErrors<keyof TWorkspaceInput> {
  const errors: FieldErrors<keyof TWorkspaceInput> = {};
  const name = input.organization_name.trim();
  if (!name) errors.organization_name = 'Workspace name is required';
  else if (name.length < 2) errors.organization_name = 'Workspace name must be at least 2 characters';
  else if (name.length > 50) errors.organization_name = 'Workspace name must be less than 50 characters';
  else if (!/^[A-Za-z0-9 _-]+$/.test(name))
    errors.organization_name = 'Workspace name can only contain letters, numbers, spaces, hyphens and underscores';
  const domain = input.organization_domain.trim();
  if (!domain) errors.organization_domain = 'Domain is required';
  else if (!DOMAIN_PATTERN.test(domain)) errors.organization_domain = `Please enter a valid domain (e.g., ${DOMAIN_EXAMPLE})`;
  else if (domain.length > 100) errors.organization_domain = 'Domain must be less than 100 characters';
  return errors;
}

export const ZUserRow = z.object({
  id: z.string(),
  first_name: z.string(),
  last_name: z.string(),
  name: z.string(),
  email: z.string(),
  phone_number: z.string().nullable(),
  team: z.string(),
  role: z.string(),
  access: z.string(),
  status: z.enum(['active', 'deactivated']),
  reports_to: z.string().nullable(),
  reports_to_email: z.string().nullable(),
  last_login: z.string().nullable(),
  is_onboarded: z.boolean(),
});
export type TUserRow = z.infer<typeof ZUserRow>;
export const ZUserList = z.object({ data: z.array(ZUserRow) });

export const ZAddUserBody = z.object({
  first_name: z.string().max(100),
  last_name: z.string().max(100),
  email: z.string().max(254),
  phone_number: z.string().max(30),
  role: z.string().max(40).optional(),
  reports_to_email: z.string().max(254),
  is_onboarded: z.boolean().optional(),
  team: z.string().trim().max(60).optional(),
});
export const ZAddUserResponse = z.object({ status: z.literal('success'), data: ZUserRow });

export const ZUpdateWorkspaceBody = z.object({
  organization_name: z.string().max(200),
  organization_domain: z.string().max(300),
});
export const ZUpdateWorkspaceResponse = z.object({
  status: z.literal('success'),
  data: z.object({ organization_name: z.string(), organization_domain: z.string() }),
});

export const ZUpdateUserBody = z
  .object({
    reports_to_email: z.string().max(254).nullable().optional(),
    team: z.string().trim().min(1, 'Team is required').max(60, 'Team must be less than 60 characters').optional(),
    role: z
      .string()
      .max(40, 'Role must be super_admin, admin or user')
      .transform((v) => v.toLowerCase())
      .pipe(z.enum(['super_admin', 'admin', 'user'], 'Role must be super_admin, admin or user'))
      .optional(),
    status: z.enum(['active', 'deactivated']).optional(),
  })
  .strict();
export type TUpdateUserBody = z.infer<typeof ZUpdateUserBody>;

/** The messaging app's texts: the spec's validation message and its error catalogue row 'Messaging number'. */
export const WHATSAPP_NUMBER_MESSAGES = {
  invalid: 'Please enter a valid phone number',
  updateFailed: 'Failed to update phone number. Please try again.',
  connectionError: 'Connection error. Please try again.',
} as const;

/** The spec's rule: optional + then at least 10 characters of digits, spaces, dashes or brackets. */
const MESSAGING_NUMBER_PATTERN = /^\+?[\d\s\-()]{10,}$/;

/**
 * The messaging number in E.164 (+, a country code not starting with 0, 8 to 15 digits in all), or
 * null when it breaks the spec's rule or cannot be one. The number is international: with no +, its
 * digits start with the country code (as WhatsApp's own links write it); a leading 00 stands for +.
 */
export function whatsappNumberE164(value: string): string | null {
  const input = value.trim();
  if (!MESSAGING_NUMBER_PATTERN.test(input)) return null;
  let digits = input.replace(/\D/g, '');
  if (!input.startsWith('+') && digits.startsWith('00')) digits = digits.slice(2);
  return /^[1-9]\d{7,14}$/.test(digits) ? `+${digits}` : null;
}

export const ZUpdateWhatsappNumberBody = z.object({ phone_number: z.string().max(40) });
/** The spec's answer (data.success), with the number as stored (E.164). */
export const ZUpdateWhatsappNumberResponse = z.object({ success: z.literal(true), phone_number: z.string() });
/** The caller's own messaging number (E.164), or null before one is saved. */
export const ZWhatsappNumber = z.object({ phone_number: z.string().nullable() });
export type TWhatsappNumber = z.infer<typeof ZWhatsappNumber>;
