import { z } from 'zod';
import { INT32_MAX, dateProblem, zInt32 } from './bounds';

export { isValidIsoDate } from './bounds';

export const DEAL_PAGE_SIZES = [10, 25, 50, 100] as const;
export const DEFAULT_DEAL_PAGE_SIZE = 25;
export const DEAL_SORTS = [
  'created_desc',
  'amount_desc',
  'amount_asc',
  'closedate_asc',
  'closedate_desc',
  'dealname_asc',
  'dealname_desc',
  'confidence_asc',
  'confidence_desc',
] as const;
export type TDealSort = (typeof DEAL_SORTS)[number];

const csv = z
  .string()
  .max(4000)
  .optional()
  .transform((v) =>
    v
      ? v
          .split(',')
          .map((s) => s.trim())
          .filter(Boolean)
      : [],
  );
const isoDate = (label: string) =>
  z
    .string()
    .optional()
    .transform((v) => (v === '' ? undefined : v))
    .superRefine((v, ctx) => {
      const problem = v === undefined ? null : dateProblem(v, label);
      if (problem) ctx.addIssue({ code: 'custom', message: problem });
    });

/** The deals list query: filters combine with AND; values inside one filter with OR. */
export const ZDealListQuery = z.object({
  email: z.string().max(254).optional(),
  owners: csv,
  stages: csv,
  pipelines: csv,
  close_from: isoDate('close_from'),
  close_to: isoDate('close_to'),
  search: z.string().trim().max(200).optional(),
  sort: z.enum(DEAL_SORTS, `sort must be one of ${DEAL_SORTS.join(', ')}`).default('created_desc'),
  page: z.coerce
    .number('page must be a whole number')
    .int('page must be a whole number')
    .min(1, 'page starts at 1')
    .max(INT32_MAX, 'page is out of range')
    .default(1),
  page_size: z.coerce
    .number(`page_size must be one of ${DEAL_PAGE_SIZES.join(', ')}`)
    .refine((n) => (DEAL_PAGE_SIZES as readonly number[]).includes(n), `page_size must be one of ${DEAL_PAGE_SIZES.join(', ')}`)
    .default(DEFAULT_DEAL_PAGE_SIZE),
});
export type TDealListQuery = z.infer<typeof ZDealListQuery>;

/** One reason of a deal's confidence score: "-15: no activity for 21 days". */
export const ZDealScoreFactor = z.object({
  kind: z.string(),
  points: z.number().int(),
  reason: z.string(),
});
export type TDealScoreFactor = z.infer<typeof ZDealScoreFactor>;

/** The confidence score of one deal, computed fresh when asked (GET deal/{id}/confidence). */
export const ZDealConfidence = z.object({
  deal_id: z.string(),
  confidence_score: z.number().int().min(0).max(100),
  confidence_factors: z.array(ZDealScoreFactor),
  computed_at: z.string(),
});
export type TDealConfidence = z.infer<typeof ZDealConfidence>;

/** The score is computed from the deal's signals (decision 0019): a write that sets it is refused with this. */
export const CONFIDENCE_COMPUTED_MESSAGE =
  "The confidence score is computed from the deal's activity, next steps, close date, stage, calls and decision maker; " +
  'it cannot be set by hand.';
const ZComputedConfidence = z
  .number()
  .nullable()
  .optional()
  .refine((v) => v === undefined, CONFIDENCE_COMPUTED_MESSAGE)
  .describe('Read only: the score is computed (docs/confidence-score.md). Sending it is refused with 400.');

export const ZDeal = z.object({
  deal_id: z.string(),
  dealname: z.string(),
  dealstage: z.string(),
  dealstage_label: z.string(),
  dealowner: z.string().nullable(),
  owner_id: z.string().nullable(),
  owner_name: z.string().nullable(),
  owner_email: z.string().nullable(),
  pipeline: z.string(),
  pipeline_label: z.string(),
  amount: z.string().nullable(),
  closedate: z.string().nullable(),
  nextsteps: z.string().nullable(),
  kdm: z.string().nullable(),
  painpoints: z.string().nullable(),
  /** Competitors named in calls: Pipewise's own field, not sent to HubSpot. */
  competitors: z.array(z.string()),
  summary: z.string().nullable(),
  confidence_score: z.number().nullable(),
  confindence_score: z.number().nullable(),
  /** Why the score is what it is: each factor's points and sentence, largest effect first (docs/confidence-score.md). */
  confidence_factors: z.array(ZDealScoreFactor).nullable(),
  company_id: z.string().nullable(),
  company_name: z.string().nullable(),
  version: z.number(),
  updated_at: z.string(),
});
export type TDeal = z.infer<typeof ZDeal>;

export const ZDealListResponse = z.object({
  data: z.array(ZDeal),
  total: z.number(),
  total_amount: z.string(),
  page: z.number(),
  page_size: z.number(),
});
export type TDealListResponse = z.infer<typeof ZDealListResponse>;

export const ZStage = z.object({ stageId: z.string(), label: z.string(), displayOrder: z.number() });
export const ZPipeline = z.object({ pipelineId: z.string(), label: z.string(), stages: z.array(ZStage) });
export type TPipeline = z.infer<typeof ZPipeline>;
export const ZPipelinesResponse = z.object({ data: z.object({ results: z.array(ZPipeline) }) });

export const AMOUNT_EMPTY_MESSAGE = 'Amount cannot be empty';
/** Deal amount: digits and one decimal point (commas stripped), at least 0, cents at most. */
export function parseAmount(input: string): { ok: true; value: string } | { ok: false; message: string } {
  const v = input.replace(/,/g, '').trim();
  if (v === '') return { ok: false, message: AMOUNT_EMPTY_MESSAGE };
  if (!/^\d+(\.\d{0,2})?$|^\.\d{1,2}$/.test(v)) {
    return { ok: false, message: 'Amount must be a number of at least 0 with up to 2 decimals' };
  }
  const [whole = '0', frac = ''] = v.split('.');
  if (whole.replace(/^0+/, '').length > 16) return { ok: false, message: 'Amount is too large' };
  return { ok: true, value: `${whole.replace(/^0+(?=\d)/, '') || '0'}.${frac.padEnd(2, '0')}` };
}

const ZAmountInput = z.union([z.string(), z.number()]).transform((v, ctx) => {
  const parsed = parseAmount(String(v));
  if (!parsed.ok) {
    ctx.addIssue({ code: 'custom', message: parsed.message });
    return z.NEVER;
  }
  return parsed.value;
});
const ZCloseDateInput = z
  .string()
  .nullable()
  .transform((v, ctx) => {
    if (v === null || v.trim() === '') return null;
    const day = v.trim().slice(0, 10);
    const problem = dateProblem(day, 'Close date');
    if (problem) {
      ctx.addIssue({ code: 'custom', message: problem });
      return z.NEVER;
    }
    return day;
  });

const dealFields = {
  dealname: z.string().trim().min(1, 'Deal name is required').max(300).optional(),
  dealstage: z.string().max(100).optional(),
  dealowner: z.string().max(254).nullable().optional(),
  hubspot_owner_id: z.string().max(254).nullable().optional(),
  pipeline: z.string().max(100).optional(),
  amount: ZAmountInput.nullable().optional(),
  closedate: ZCloseDateInput.optional(),
  nextsteps: z.string().max(10_000).nullable().optional(),
  kdm: z.string().max(1000).nullable().optional(),
  painpoints: z.string().max(10_000).nullable().optional(),
  competitors: z
    .array(z.string().trim().min(1, 'A competitor needs a name').max(100, 'A competitor name is at most 100 characters'))
    .max(30, 'A deal lists at most 30 competitors')
    .transform((names) => names.filter((n, i) => names.findIndex((m) => m.toLowerCase() === n.toLowerCase()) === i))
    .optional(),
  summary: z.string().max(20_000).nullable().optional(),
  confidence_score: ZComputedConfidence,
  confindence_score: ZComputedConfidence,
  company_id: z.uuid().nullable().optional(),
};
export const ZDealFields = z.object(dealFields);
export type TDealFields = z.infer<typeof ZDealFields>;

/**
 * PUT deal/{id}: the deal data itself, or `{properties: {...}}` (which wins over flat fields);
 * `version` guards against lost updates. One object rather than a union, so an invalid
 * `properties` is refused with its field's message instead of falling through to the flat form.
 */
export const ZDealUpdateBody = ZDealFields.extend({ properties: ZDealFields.optional(), version: zInt32('version').optional() });
export const DEAL_STAKEHOLDERS_MAX = 50;
export const DEAL_CREATE_MESSAGES = {
  companyTwice: 'Choose an existing company or type a new company name, not both.',
  tooManyStakeholders: `A deal can have at most ${DEAL_STAKEHOLDERS_MAX} contacts.`,
} as const;
const ZContactIds = z
  .array(z.uuid('contact_ids must be contact ids'))
  .max(DEAL_STAKEHOLDERS_MAX, DEAL_CREATE_MESSAGES.tooManyStakeholders)
  .transform((ids) => [...new Set(ids)]);

/**
 * POST deal/: the deal data, plus `company_name` (a new company by that name, created with the deal
 * in one transaction; instead of `company_id`) and `contact_ids` (its stakeholders, each a contact
 * the caller sees).
 */
export const ZDealCreateBody = ZDealFields.extend({
  dealname: z.string().trim().min(1, 'Deal name is required').max(300),
  pipeline: z.string().max(100),
  dealstage: z.string().max(100),
  company_name: z.string().trim().min(1, 'Company name is required').max(300).optional(),
  contact_ids: ZContactIds.optional(),
}).refine((b) => !(b.company_name !== undefined && b.company_id), { message: DEAL_CREATE_MESSAGES.companyTwice, path: ['company_name'] });
export type TDealCreateBody = z.infer<typeof ZDealCreateBody>;

/** PUT deal/{id}/stakeholders: the deal's contacts, in order (each one the caller sees); replaces the list. */
export const ZDealStakeholdersBody = z.object({ contact_ids: ZContactIds });
export type TDealStakeholdersBody = z.infer<typeof ZDealStakeholdersBody>;
export const ZDealDeleteResponse = z.object({ success: z.literal(true) });
export const ZDealResponse = z.object({ success: z.literal(true), data: ZDeal });
export const ZDealByIdResponse = z.object({ data: ZDeal });

export const ZStakeholder = z.object({
  id: z.string(),
  firstname: z.string(),
  lastname: z.string(),
  position: z.string().nullable(),
  /** Suggested as an attendee when a call is booked from the deal. */
  email: z.string().nullable().optional(),
});
export const ZStakeholdersResponse = z.object({ data: z.array(ZStakeholder) });

export const ZOwner = z.object({
  id: z.string(),
  hubspot_user_id: z.string(),
  name: z.string(),
  firstname: z.string(),
  lastname: z.string(),
  email: z.string(),
});
export type TOwner = z.infer<typeof ZOwner>;
export const ZOwnersResponse = z.object({ data: z.array(ZOwner) });
