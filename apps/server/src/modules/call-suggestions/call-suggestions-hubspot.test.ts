import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TCallSuggestionsResponse } from '@pipewise/contract/call-suggestions';
import type { TDeal } from '@pipewise/contract/deals';
import { callSuggestions, deals, recordings } from '../../db/schema';
import type { FakeHubspot } from '../../../test/fakes/hubspot-server';
import { closeHubspotWorkspace, openHubspotWorkspace } from '../../../test/hubspot-fixture';
import type { OtherWorkspace } from '../../../test/other-workspace';
import type { TestSession } from '../../../test/sessions';
import type { TestApp } from '../../../test/test-app';

/**
 * On a workspace bound to HubSpot an accepted suggestion goes to HubSpot first, as a deal-screen edit
 * does: when HubSpot refuses, nothing changes here and the suggestion stays open; once it accepts,
 * the deal and HubSpot both hold the value. Competitors stay in Pipewise (HubSpot has no such field).
 */
let hs: FakeHubspot;
let t: TestApp;
let ws: OtherWorkspace;
const s = {} as Record<'admin', TestSession>;
let dealId: number;
let recordingId: string;

const getDeal = async () =>
  (await t.app.inject({ method: 'GET', url: `/api/deal/get_deal_by_id/${dealId}`, headers: s.admin.headers })).json<{ data: TDeal }>().data;
const list = async () =>
  (
    await t.app.inject({ method: 'GET', url: `/api/videos/${recordingId}/suggestions`, headers: s.admin.headers })
  ).json<TCallSuggestionsResponse>();
const accept = (id: string) =>
  t.app.inject({ method: 'POST', url: `/api/videos/${recordingId}/suggestions/${id}/accept`, headers: s.admin.headers, payload: {} });

async function suggest(field: 'close_date' | 'competitors', value: string): Promise<string> {
  const [row] = await t.database.db
    .insert(callSuggestions)
    .values({
      organizationId: ws.organizationId,
      recordingId,
      dealId,
      field,
      key: field === 'competitors' ? `competitors:${value.toLowerCase()}` : field,
      value,
      quote: 'We will sign by the 28th.',
      speaker: 'Buyer',
      startSeconds: 30,
    })
    .returning({ id: callSuggestions.id });
  return row!.id;
}

beforeAll(async () => {
  ({ hs, t, ws, admin: s.admin } = await openHubspotWorkspace({ companies: 3, contacts: 3, deals: 6 }));
  const [deal] = await t.database.db
    .select()
    .from(deals)
    .where(and(eq(deals.organizationId, ws.organizationId), eq(deals.externalId, '300003')));
  dealId = deal!.id;
  const [row] = await t.database.db
    .insert(recordings)
    .values({
      organizationId: ws.organizationId,
      uploadedBy: ws.ids.admin,
      uploaderEmail: ws.emails.admin,
      dealId,
      pipelineId: deal!.pipelineId,
      title: 'HubSpot call',
      uploadType: 'transcription',
      status: 'ready',
      transcription: 'Buyer: We will sign by the 28th.',
    })
    .returning({ id: recordings.id });
  recordingId = row!.id;
}, 120_000);
afterAll(() => closeHubspotWorkspace({ t, hs }));

describe('call suggestions on a HubSpot workspace', () => {
  it('change nothing here and keep the suggestion open when HubSpot refuses; write both once it accepts', async () => {
    const id = await suggest('close_date', '2027-01-28');
    const before = await getDeal();
    hs.switches.refuseWrites = 'Close date cannot move (validation rule "Locked close date").';
    try {
      const res = await accept(id);
      expect(res.statusCode).toBe(400);
      expect(res.json()).toMatchObject({
        detail: 'HubSpot refused the change: Close date cannot move (validation rule "Locked close date").',
      });
    } finally {
      hs.switches.refuseWrites = null;
    }
    expect(await getDeal()).toEqual(before);
    expect((await list()).data.find((x) => x.id === id)!.status).toBe('open');

    const res = await accept(id);
    expect(res.statusCode, res.body).toBe(200);
    expect((await getDeal()).closedate).toBe('2027-01-28');
    expect(hs.objects.deals.get('300003')!.properties.closedate).toMatch(/^2027-01-28/);
  });

  it('keep competitors in Pipewise: nothing is sent to HubSpot for them', async () => {
    const id = await suggest('competitors', 'Gong');
    const sent = hs.calls.length;
    const res = await accept(id);
    expect(res.statusCode, res.body).toBe(200);
    expect((await getDeal()).competitors).toEqual(['Gong']);
    expect(hs.calls.slice(sent).filter((c) => c.method !== 'GET' && c.path.startsWith('/crm/v3/objects'))).toEqual([]);
  });
});
