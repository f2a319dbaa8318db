import { ZSalesChatResponse } from '@pipewise/contract/assistant';
import { request } from '../../../lib/http';
import { timeZoneHeader } from '../../../lib/time-zone-header';

export type TSalesQuestion = { query: string; account?: string };

/** Thrown when the answer arrives but is not the shape the home panel reads. */
export class UnexpectedAnswerError extends Error {}

/** A question from the home ask panel (POST /api/chat/sales), with the optional account as context. */
export async function askSales({ query, account }: TSalesQuestion) {
  const context = account ? { account } : {};
  const parsed = ZSalesChatResponse.safeParse(await request('POST', '/api/chat/sales', { query, context }, timeZoneHeader()));
  if (!parsed.success) throw new UnexpectedAnswerError('Unexpected response format from server.');
  return parsed.data.data;
}
