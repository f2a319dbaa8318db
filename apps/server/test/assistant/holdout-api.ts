import { sql } from 'drizzle-orm';
import type { TChatSource, TProcessCommandResponse, TRecordView } from '@pipewise/contract/assistant';
import type { TDeal } from '@pipewise/contract/deals';
import { execute } from '../../src/db/client';
import type { TestSession } from '../sessions';
import type { TestApp } from '../test-app';

/**
 * The HTTP routes the assistant's holdouts drive, as a browser calls them. No vitest here: the holdout tests use
 * it, and so does a plain `npx tsx` bench run (bench/assistant/holdout-3.ts).
 */

export type HoldoutAnswer = { text: string; sources: TChatSource[]; route: 'panel' | 'sales' };

/**
 * `tz`: the zone commands and questions are sent from (a command may name another). Questions go to the chat
 * panel's route (`/api/chat/`) and the sales assistant's (`/api/chat/sales`) in turn, `firstAsk` first.
 */
export function holdoutApi(t: TestApp, { tz, firstAsk }: { tz: string; firstAsk: 'panel' | 'sales' }) {
  let asked = 0;
  return {
    async command(who: TestSession, text: string, zone = tz): Promise<TProcessCommandResponse> {
      const res = await t.app.inject({
        method: 'POST',
        url: `/api/command/process-command?command=${encodeURIComponent(text)}&timeZone=${encodeURIComponent(zone)}`,
        headers: { ...who.headers, 'x-timezone': zone },
      });
      return res.json() as TProcessCommandResponse;
    },

    async confirm(who: TestSession, id: string): Promise<{ status: number; data?: TRecordView; text: string }> {
      const res = await t.app.inject({
        method: 'POST',
        url: '/api/command/confirm',
        headers: who.headers,
        payload: { pending_operation_id: id },
      });
      const body = res.json() as { data?: TRecordView; message?: string; detail?: string };
      return { status: res.statusCode, data: body.data, text: body.message ?? body.detail ?? res.body.slice(0, 120) };
    },

    async ask(who: TestSession, query: string): Promise<HoldoutAnswer> {
      const route = (asked++ % 2 === 0) === (firstAsk === 'panel') ? 'panel' : 'sales';
      // Asked over a day, not in one minute: the per-user chat limit is reset between questions.
      await execute(t.database.db, sql`delete from rate_limits`);
      const res = await t.app.inject({
        method: 'POST',
        url: route === 'panel' ? '/api/chat/' : '/api/chat/sales',
        headers: { ...who.headers, 'x-timezone': tz },
        payload: route === 'panel' ? { query } : { query, context: {} },
      });
      if (res.statusCode !== 200) return { text: `HTTP ${res.statusCode} ${res.body.slice(0, 120)}`, sources: [], route };
      const data = (res.json() as { data: { response?: string; message?: string; sources: TChatSource[] } }).data;
      return { text: data.response ?? data.message ?? '', sources: data.sources ?? [], route };
    },

    async getDeal(who: TestSession, id: string): Promise<TDeal> {
      const res = await t.app.inject({ method: 'GET', url: `/api/deal/get_deal_by_id/${id}`, headers: who.headers });
      return (res.json() as { data: TDeal }).data;
    },

    /** Every deal `who` sees, page by page. */
    async dealsOf(who: TestSession): Promise<TDeal[]> {
      const out: TDeal[] = [];
      for (let page = 1; ; page++) {
        const res = await t.app.inject({
          method: 'GET',
          url: `/api/deal/get-deals-user-hierarchy?page_size=100&page=${page}`,
          headers: who.headers,
        });
        const body = res.json() as { data: TDeal[]; total: number };
        out.push(...body.data);
        if (body.data.length === 0 || out.length >= body.total) break;
      }
      return out;
    },
  };
}

export type HoldoutApi = ReturnType<typeof holdoutApi>;
