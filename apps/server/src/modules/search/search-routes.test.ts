import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TSearchResponse } from '@pipewise/contract/assistant';
import { companies, deals, pipelineStages, pipelines, recordings } from '../../db/schema';
import { createOtherWorkspace, type OtherWorkspace } from '../../../test/other-workspace';
import { addSearchRecords } from '../../../test/search-fixture';
import { signIn, type TestSession } from '../../../test/sessions';
import { createTestApp, type TestApp } from '../../../test/test-app';
import { createSearchRepo } from './search-repo';
import { createSearchService } from './search-service';

/**
 * GET /api/search over the demo hierarchy (asha super_admin <- vikram admin <- rahul, priya;
 * asha <- meera <- sneha) plus records named 'zephyr' (test/search-fixture.ts) and a second
 * workspace that has some of the same names.
 */

let t: TestApp;
let other: OtherWorkspace;
let ids: Awaited<ReturnType<typeof addSearchRecords>>;
const s = {} as Record<'rahul' | 'meera' | 'asha' | 'vikram' | 'otherAdmin', TestSession>;

beforeAll(async () => {
  t = await createTestApp({ seed: true });
  const db = t.database.db;
  ids = await addSearchRecords(db, 'acme.example');
  other = await createOtherWorkspace(db, { deals: 2 });
  const [pipeline] = await db
    .select({ id: pipelines.id })
    .from(pipelines)
    .where(eq(pipelines.organizationId, other.organizationId))
    .limit(1);
  const [stage] = await db
    .select({ id: pipelineStages.id })
    .from(pipelineStages)
    .where(eq(pipelineStages.pipelineId, pipeline!.id))
    .limit(1);
  const organizationId = other.organizationId;
  await db
    .insert(deals)
    .values({ organizationId, dealname: 'Zephyr Other Deal', ownerId: other.ids.rep, pipelineId: pipeline!.id, stageId: stage!.id });
  await db.insert(companies).values({ organizationId, name: 'Zephyr Other Co', ownerId: other.ids.rep });
  await db.insert(recordings).values({
    organizationId,
    title: 'Zephyr other call',
    uploadedBy: other.ids.rep,
    uploaderEmail: other.emails.rep,
    uploadType: 'transcription',
  });
  for (const name of ['rahul', 'meera', 'asha', 'vikram'] as const) s[name] = await signIn(db, `${name}@acme.example`);
  s.otherAdmin = await signIn(db, other.emails.admin);
});
afterAll(() => t?.close());

async function search(who: TestSession, q: string, extra = ''): Promise<TSearchResponse> {
  const res = await t.app.inject({ method: 'GET', url: `/api/search?q=${encodeURIComponent(q)}${extra}`, headers: who.headers });
  expect(res.statusCode, res.body).toBe(200);
  return res.json<TSearchResponse>();
}
const labels = (hits: { label: string }[]) => hits.map((h) => h.label);

describe('what each caller finds', () => {
  it('a rep finds their own deals, companies, contacts and meetings, and everyone in the workspace', async () => {
    const r = await search(s.rahul, 'zephyr');
    expect(labels(r.deals)).toEqual(['Zephyr Alpha Renewal', '100% Zephyr_Plan', 'Project Zephyr']);
    expect(r.deals[0]).toEqual({
      id: String(ids.alpha),
      label: 'Zephyr Alpha Renewal',
      sublabel: `${ids.stageLabel} · RS 12,50,000`,
      url: `/dashboard/deals/${ids.alpha}`,
    });
    expect(r.companies).toEqual([
      { id: ids.millsCo, label: 'Zephyrine Mills', sublabel: 'zephyrine.example · Textiles', url: `/dashboard/companies/${ids.millsCo}` },
    ]);
    // Zelda has no owner but is a stakeholder of rahul's deal; Zoe belongs to another team.
    expect(r.contacts).toEqual([
      { id: ids.zelda, label: 'Zelda Zephyrson', sublabel: 'zelda.zephyrson@mills.example', url: `/dashboard/contacts/${ids.zelda}` },
    ]);
    expect(r.people).toEqual([
      {
        id: ids.zephyrUser,
        label: 'Zephyr Person',
        sublabel: 'zephyr.person@acme.example · Field Sales',
        url: '/dashboard/settings?section=users',
      },
    ]);
    // Titles that start with the term, alphabetically; the cancelled meeting and sneha's recording are left out.
    expect(r.meetings).toEqual([
      {
        id: ids.kickoff,
        label: 'Zephyr kickoff call',
        sublabel: expect.stringMatching(/^Recording · \d{1,2} \w{3} \d{4}$/),
        url: `/dashboard/meeting/${ids.kickoff}`,
      },
      { id: ids.weekly, label: 'Zephyr weekly sync', sublabel: 'Calendar · 5 Mar 2026', url: '/dashboard/meetings' },
    ]);
  });

  it("a manager finds their team's records, and a company their team owns opens its own screen", async () => {
    const r = await search(s.meera, 'zephyr');
    expect(labels(r.deals)).toEqual(['Zephyr Beta']);
    expect(r.companies).toEqual([
      { id: ids.hiddenCo, label: 'Zephyr Hidden Works', sublabel: 'Textiles', url: `/dashboard/companies/${ids.hiddenCo}` },
    ]);
    expect(labels(r.contacts)).toEqual(['Zoe Zephyrkin']);
    expect(labels(r.meetings)).toEqual(['Zephyr pricing review']);
  });

  it('admins (admin and super_admin) find the whole workspace, prefix matches first', async () => {
    for (const who of [s.asha, s.vikram]) {
      const r = await search(who, 'zephyr');
      expect(labels(r.deals)).toEqual(['Zephyr Alpha Renewal', 'Zephyr Beta', 'Zephyr Gamma', '100% Zephyr_Plan', 'Project Zephyr']);
      expect(r.deals.find((d) => d.label === 'Zephyr Gamma')?.sublabel).toBe(ids.stageLabel);
      expect(labels(r.companies)).toEqual(['Zephyr Hidden Works', 'Zephyrine Mills']);
      expect(labels(r.contacts)).toEqual(['Zelda Zephyrson', 'Zoe Zephyrkin']);
      expect(labels(r.meetings).sort()).toEqual(['Zephyr kickoff call', 'Zephyr pricing review', 'Zephyr weekly sync']);
    }
  });

  it('nothing crosses workspaces', async () => {
    const mine = await search(s.otherAdmin, 'zephyr');
    expect(mine).toEqual({
      deals: [expect.objectContaining({ label: 'Zephyr Other Deal' })],
      companies: [expect.objectContaining({ label: 'Zephyr Other Co' })],
      contacts: [],
      people: [],
      meetings: [expect.objectContaining({ label: 'Zephyr other call' })],
    });
    const acme = JSON.stringify(await search(s.asha, 'zephyr o'));
    expect(acme).not.toContain('Other');
  });
});

describe('matching', () => {
  it('matches names, emails, domains and teams case-insensitively, anywhere from three characters on', async () => {
    expect(labels((await search(s.asha, 'ALPHA ren')).deals)).toEqual(['Zephyr Alpha Renewal']);
    expect(labels((await search(s.asha, 'zephyrine.exa')).companies)).toEqual(['Zephyrine Mills']);
    expect(labels((await search(s.asha, '@mills.example')).contacts)).toEqual(['Zelda Zephyrson', 'Zoe Zephyrkin']);
    expect(labels((await search(s.asha, 'field sales')).people)).toEqual(['Zephyr Person']);
    // The demo's own recordings match too ('Pricing negotiation'): every hit has the word, the test's among them.
    const pricing = labels((await search(s.asha, 'PRICING')).meetings);
    expect(pricing).toContain('Zephyr pricing review');
    expect(pricing.every((label) => /pricing/i.test(label))).toBe(true);
  });

  it('matches one or two characters at the start of a name only', async () => {
    const r = await search(s.asha, 'Ze', '&limit=20');
    expect(labels(r.deals)).toEqual(['Zephyr Alpha Renewal', 'Zephyr Beta', 'Zephyr Gamma']);
    expect(labels(r.companies)).toEqual(['Zephyr Hidden Works', 'Zephyrine Mills']);
    expect(labels(r.contacts)).toEqual(['Zelda Zephyrson']);
    expect(labels(r.meetings).sort()).toEqual(['Zephyr kickoff call', 'Zephyr pricing review', 'Zephyr weekly sync']);
    expect(labels((await search(s.asha, 'ki')).meetings)).toEqual([]);
  });

  it('takes LIKE wildcards literally', async () => {
    expect(labels((await search(s.asha, '100%')).deals)).toEqual(['100% Zephyr_Plan']);
    expect(labels((await search(s.asha, 'zephyr_p')).deals)).toEqual(['100% Zephyr_Plan']);
    for (const q of ['%', '%%', '___', '\\', '%_%']) {
      const r = await search(s.asha, q);
      expect(
        r.deals.filter((d) => !d.label.includes(q)),
        q,
      ).toEqual([]);
      expect(r.companies, q).toEqual([]);
    }
  });

  it('returns at most `limit` per group, 5 unless asked', async () => {
    expect((await search(s.asha, 'zephyr', '&limit=2')).deals).toHaveLength(2);
    // The demo workspace has more than five Kaveri Foods deals.
    const all = await search(s.asha, 'Kaveri', '&limit=20');
    expect(all.deals.length).toBeGreaterThan(5);
    const crowd = await search(s.asha, 'Kaveri');
    expect(crowd.deals).toEqual(all.deals.slice(0, 5));
  });
});

describe('statement shapes', () => {
  it('answers the same with the groups in one statement (PGlite) and five (PostgreSQL)', async () => {
    const db = t.database.db;
    const service = (oneStatement: boolean) => createSearchService({ repo: createSearchRepo(db, t.services.reads, { oneStatement }) });
    const [one, five] = [service(true), service(false)];
    const callers = [
      { ...s.asha, role: 'super_admin' },
      { ...s.meera, role: 'user' },
      { ...s.rahul, role: 'user' },
    ].map((c) => ({ id: c.userId, email: c.email, organizationId: c.organizationId, role: c.role }));
    for (const caller of callers) {
      for (const q of ['zephyr', 'Ze', 'kaveri', '100%', 'qxqx']) {
        const a = await one.search(caller, q, 5);
        expect(a, `${caller.email} ${q}`).toEqual(await five.search(caller, q, 5));
      }
    }
  });
});

describe('bad input', () => {
  it.each([
    ['', 'empty'],
    ['%20%20', 'blank'],
  ])('answers 400 for a %s term (%s)', async (q) => {
    const res = await t.app.inject({ method: 'GET', url: `/api/search?q=${q}`, headers: s.rahul.headers });
    expect(res.statusCode).toBe(400);
    expect(res.json<{ detail: string }>().detail).toMatch(/q/i);
  });

  it('answers 400 without q, for a limit out of range and for a term over 200 characters', async () => {
    for (const url of [
      '/api/search',
      '/api/search?q=ab&limit=0',
      '/api/search?q=ab&limit=21',
      '/api/search?q=ab&limit=x',
      `/api/search?q=${'a'.repeat(201)}`,
    ]) {
      const res = await t.app.inject({ method: 'GET', url, headers: s.rahul.headers });
      expect(res.statusCode, url).toBe(400);
      expect(res.json<{ detail: string }>().detail, url).toBeTruthy();
    }
  });

  it('answers 401 without a session', async () => {
    expect((await t.app.inject({ method: 'GET', url: '/api/search?q=zephyr' })).statusCode).toBe(401);
  });
});
