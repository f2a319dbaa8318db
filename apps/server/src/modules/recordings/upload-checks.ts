import { UPLOAD_TYPES, type TUploadType } from '@pipewise/contract/videos';
import { HttpError } from '../../lib/http-error';
import type { Caller } from '../access/access-rules';
import type { DealsService } from '../deals/deals-service';
import { RECORDING_MESSAGES as M } from './recording-messages';
import { fieldError, type UploadFields } from './upload-form';

/** What every upload needs, checked: the deal (visible to the caller, in the pipeline), the method, the optional meet link and title. */
export type UploadTarget = { dealId: number; pipelineId: string; uploadType: TUploadType; meetLink: string | null; title: string | null };

/** A deal id as the API writes it (the bigint as a string); anything else names no deal. */
export function dealIdOf(value: string): number {
  const v = value.trim();
  const id = Number(v);
  if (!/^\d{1,15}$/.test(v) || !Number.isSafeInteger(id) || id < 1) throw new HttpError(404, M.dealNotFound);
  return id;
}

function meetLinkOf(value: string | undefined): string | null {
  const v = value?.trim();
  if (!v) return null;
  try {
    const url = new URL(v);
    if (url.protocol === 'https:' || url.protocol === 'http:') return url.toString();
  } catch {
    // not a URL: refused below
  }
  throw fieldError('google_meet_link', M.meetLink);
}

export async function checkTarget(caller: Caller, fields: UploadFields, deals: Pick<DealsService, 'get'>): Promise<UploadTarget> {
  const uploadType = fields.upload_type?.trim().toLowerCase();
  if (!uploadType || !(UPLOAD_TYPES as readonly string[]).includes(uploadType)) throw fieldError('upload_type', M.uploadMethod);
  if (!fields.deal_id?.trim() || !fields.pipeline_id?.trim())
    throw fieldError(fields.deal_id?.trim() ? 'pipeline_id' : 'deal_id', M.dealAndPipeline);
  const deal = await deals.get(caller, dealIdOf(fields.deal_id));
  const pipeline = fields.pipeline_id.trim().toLowerCase();
  if (deal.pipeline.toLowerCase() !== pipeline && deal.pipeline_label.toLowerCase() !== pipeline)
    throw fieldError('pipeline_id', M.dealNotInPipeline);
  return {
    dealId: Number(deal.deal_id),
    pipelineId: deal.pipeline,
    uploadType: uploadType as TUploadType,
    meetLink: meetLinkOf(fields.google_meet_link),
    title: fields.title?.trim() || null,
  };
}
