import { and, eq, isNotNull } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TDeal, TDealConfidence } from '@pipewise/contract/deals';
import { deals } from '../../db/schema';
import type { FakeHubspot } from '../../../test/fakes/hubspot-server';
import { closeHubspotWorkspace, openHubspotWorkspace } from '../../../test/hubspot-fixture';
import type { OtherWorkspace } from '../../../test/other-workspace';
import type { TestSession } from '../../../test/sessions';
import type { TestApp } from '../../../test/test-app';

/**
 * A workspace bound to HubSpot: its imported deals get the computed score too (the sweep scores
 * them after the import), and the score stays in Pipewise: scoring writes nothing to the portal,
 * a deal edit's write-through carries no score, and a typed score is refused before HubSpot is asked.
 */
let hs: FakeHubspot;
let t: TestApp;
let ws: OtherWorkspace;
const s = {} as Record<'admin', TestSession>;

const writes = () => hs.calls.filter((c) => c.method !== 'GET' && c.path.startsWith('/crm/'));
const imported = () =>
  t.database.db
    .select({ id: deals.id, externalId: deals.externalId, score: deals.confidenceScore, factors: deals.confidenceFactors })
    .from(deals)
    .where(and(eq(deals.organizationId, ws.organizationId), isNotNull(deals.externalId)));

beforeAll(async () => {
  ({ hs, t, ws, admin: s.admin } = await openHubspotWorkspace({ companies: 3, contacts: 3, deals: 6 }));
}, 120_000);
afterAll(() => closeHubspotWorkspace({ t, hs }));

describe('the confidence score in a HubSpot workspace', () => {
  it('scores every imported deal after the import and sends nothing to the portal', async () => {
    const before = await imported();
    expect(before.length).toBe(6);
    expect(before.every((d) => d.score === null)).toBe(true);
    const writesBefore = writes().length;
    expect(await t.services.dealScores.refreshStale(10_000)).toBeGreaterThanOrEqual(6);
    const after = await imported();
    for (const d of after) {
      expect(d.score, d.externalId!).toEqual(expect.any(Number));
      expect(d.factors!.length).toBeGreaterThan(0);
    }
    const one = after[0]!;
    const res = await t.app.inject({ method: 'GET', url: `/api/deal/${one.id}/confidence`, headers: s.admin.headers });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json<TDealConfidence>().confidence_factors.length).toBeGreaterThan(0);
    expect(writes().length).toBe(writesBefore);
    for (const d of hs.objects.deals.values()) expect(Object.keys(d.properties).join(' ')).not.toMatch(/confiden/i);
  });

  it("a deal edit's write-through carries no score; a typed score is refused before HubSpot is asked", async () => {
    const [d] = await imported();
    const edit = await t.app.inject({
      method: 'PUT',
      url: `/api/deal/${d!.id}`,
      headers: s.admin.headers,
      payload: { nextsteps: 'Pricing call' },
    });
    expect(edit.statusCode, edit.body).toBe(200);
    expect(edit.json<{ data: TDeal }>().data.confidence_score).toEqual(expect.any(Number));
    expect(Object.keys(hs.objects.deals.get(d!.externalId!)!.properties).join(' ')).not.toMatch(/confiden/i);
    const writesBefore = writes().length;
    const typed = await t.app.inject({
      method: 'PUT',
      url: `/api/deal/${d!.id}`,
      headers: s.admin.headers,
      payload: { properties: { confidence_score: 95 } },
    });
    expect(typed.statusCode).toBe(400);
    expect(typed.json().detail).toContain('The confidence score is computed');
    await t.services.dealScores.refreshChanged(new Date(Date.now() - 60_000));
    expect(writes().length).toBe(writesBefore);
  });
});
