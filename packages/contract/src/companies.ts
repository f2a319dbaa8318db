import { z } from 'zod';
import { ZEmail } from './common';

/**
 * The built-in CRM's companies and contacts screens (issue 29): `GET/POST /api/companies`,
 * `GET/PATCH/DELETE /api/companies/{id}`, and the same for `/api/contacts`. Lists are searched,
 * sorted and paged on the server; visibility is ARCHITECTURE decision 13 (through a visible deal,
 * or owned in the caller's subtree; admins all).
 */

export const RECORD_PAGE_SIZES = [10, 25, 50, 100] as const;
export const DEFAULT_RECORD_PAGE_SIZE = 25;

const page = z.coerce.number().int('page must be a whole number').min(1, 'page must be at least 1').max(100_000).default(1);
const pageSize = z.coerce
  .number()
  .int()
  .refine((n) => (RECORD_PAGE_SIZES as readonly number[]).includes(n), `page_size must be one of ${RECORD_PAGE_SIZES.join(', ')}`)
  .default(DEFAULT_RECORD_PAGE_SIZE);

/** A user as a record's owner (null: unowned, or owned by a CRM owner who is not a user). */
export const ZRecordOwner = z.object({ id: z.string(), name: z.string() });

// ---- Companies ----
export const COMPANY_SORTS = ['name_asc', 'name_desc', 'created_desc', 'updated_desc'] as const;

export const ZCompanyListQuery = z.object({
  search: z.string().trim().max(200).optional(),
  sort: z.enum(COMPANY_SORTS, `sort must be one of ${COMPANY_SORTS.join(', ')}`).default('name_asc'),
  /** A user id: companies that user owns. */
  owner_id: z.uuid('owner_id must be a user id').optional(),
  page,
  page_size: pageSize,
});
export type TCompanyListQuery = z.infer<typeof ZCompanyListQuery>;

export const ZCompany = z.object({
  id: z.string(),
  name: z.string(),
  domain: z.string().nullable(),
  industry: z.string().nullable(),
  city: z.string().nullable(),
  phone: z.string().nullable(),
  owner: ZRecordOwner.nullable(),
  /** Visible deals and contacts of the company. */
  deal_count: z.number(),
  contact_count: z.number(),
  created_at: z.string(),
  updated_at: z.string(),
});
export type TCompany = z.infer<typeof ZCompany>;

export const ZCompanyListResponse = z.object({ data: z.array(ZCompany), total: z.number(), page: z.number(), page_size: z.number() });
export type TCompanyListResponse = z.infer<typeof ZCompanyListResponse>;

const optionalText = (max: number) => z.string().trim().max(max).nullable().optional();

export const ZCompanyFields = z.object({
  name: z.string().trim().min(1, 'Company name is required').max(300).optional(),
  domain: z
    .string()
    .trim()
    .toLowerCase()
    .max(253)
    .regex(/^([a-z0-9-]+\.)+[a-z]{2,}$/, 'Please enter a domain like example.com')
    .nullable()
    .optional(),
  industry: optionalText(200),
  city: optionalText(200),
  phone: optionalText(50),
  /** A user id; only those who may assign (a manager within their subtree, an admin anyone). */
  owner_id: z.uuid('owner_id must be a user id').nullable().optional(),
});
export const ZCompanyCreateBody = ZCompanyFields.extend({ name: z.string().trim().min(1, 'Company name is required').max(300) });
export type TCompanyCreateBody = z.infer<typeof ZCompanyCreateBody>;
export const ZCompanyUpdateBody = ZCompanyFields;
export type TCompanyUpdateBody = z.infer<typeof ZCompanyUpdateBody>;
export const ZCompanyResponse = z.object({ data: ZCompany });

// ---- Contacts ----
export const CONTACT_SORTS = ['name_asc', 'name_desc', 'created_desc', 'updated_desc'] as const;

export const ZContactListQuery = z.object({
  search: z.string().trim().max(200).optional(),
  sort: z.enum(CONTACT_SORTS, `sort must be one of ${CONTACT_SORTS.join(', ')}`).default('name_asc'),
  owner_id: z.uuid('owner_id must be a user id').optional(),
  /** Contacts of one company. */
  company_id: z.uuid('company_id must be a company id').optional(),
  page,
  page_size: pageSize,
});
export type TContactListQuery = z.infer<typeof ZContactListQuery>;

export const ZContact = z.object({
  id: z.string(),
  firstname: z.string(),
  lastname: z.string(),
  email: z.string().nullable(),
  phone: z.string().nullable(),
  jobtitle: z.string().nullable(),
  /** Null when the contact has no company or the caller does not see it. */
  company: z.object({ id: z.string(), name: z.string() }).nullable(),
  owner: ZRecordOwner.nullable(),
  created_at: z.string(),
  updated_at: z.string(),
});
export type TContact = z.infer<typeof ZContact>;

export const ZContactListResponse = z.object({ data: z.array(ZContact), total: z.number(), page: z.number(), page_size: z.number() });
export type TContactListResponse = z.infer<typeof ZContactListResponse>;

export const ZContactFields = z.object({
  firstname: z.string().trim().min(1, 'First name is required').max(200).optional(),
  lastname: z.string().trim().max(200).optional(),
  email: ZEmail.nullable().optional(),
  phone: optionalText(50),
  jobtitle: optionalText(200),
  company_id: z.uuid('company_id must be a company id').nullable().optional(),
  owner_id: z.uuid('owner_id must be a user id').nullable().optional(),
});
export const ZContactCreateBody = ZContactFields.extend({ firstname: z.string().trim().min(1, 'First name is required').max(200) });
export type TContactCreateBody = z.infer<typeof ZContactCreateBody>;
export const ZContactUpdateBody = ZContactFields;
export type TContactUpdateBody = z.infer<typeof ZContactUpdateBody>;
export const ZContactResponse = z.object({ data: ZContact });

/** The 409 of a second contact with the same email, or a second company with the same domain. */
export const ZDuplicateResponse = z.object({
  detail: z.string(),
  existing: z.object({ id: z.string(), name: z.string() }),
});

// ---- Detail reads (issue 29): GET /api/companies/{id} and GET /api/contacts/{id} answer the record
// in `data` (as ZCompanyResponse / ZContactResponse) plus its related records, each only as far as
// the caller sees them.

/** A deal beside a company or contact (only deals the caller sees). */
export const ZRelatedDeal = z.object({
  id: z.number(),
  dealname: z.string(),
  stage: z.string().nullable(),
  amount: z.string().nullable(),
  closedate: z.string().nullable(),
  /** A contact's role on the deal (contact detail only). */
  position: z.string().nullable().optional(),
});
export type TRelatedDeal = z.infer<typeof ZRelatedDeal>;

/** A recording or a calendar call beside a company or contact. */
export const ZRelatedMeeting = z.object({
  id: z.string(),
  kind: z.enum(['recording', 'call']),
  title: z.string(),
  /** ISO instant: when it was recorded, or when the call starts. */
  at: z.string(),
  deal: z.object({ id: z.number(), name: z.string() }).nullable(),
});
export type TRelatedMeeting = z.infer<typeof ZRelatedMeeting>;

export const ZCompanyDetailResponse = ZCompanyResponse.extend({
  deals: z.array(ZRelatedDeal),
  contacts: z.array(ZContact),
  /** Recordings and calls of the company's deals, newest first. */
  meetings: z.array(ZRelatedMeeting),
});
export type TCompanyDetailResponse = z.infer<typeof ZCompanyDetailResponse>;

export const ZContactDetailResponse = ZContactResponse.extend({
  /** Deals where the contact is a stakeholder. */
  deals: z.array(ZRelatedDeal),
  /** Calendar meetings the contact attended (by email), newest first. */
  meetings: z.array(ZRelatedMeeting),
});
export type TContactDetailResponse = z.infer<typeof ZContactDetailResponse>;
