import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { TProcessCommandResponse } from '@pipewise/contract/assistant';
import { signInAll, type TestSession } from '../../../../test/sessions';
import { createTestApp, type TestApp } from '../../../../test/test-app';

/**
 * The assistant knows a record the moment a screen writes it: a deal created or renamed on the deal
 * screen (in this API process or another one over the same database) is found by the very next
 * command, and a deal given to someone else is no longer found by the rep who had it.
 */

let a: TestApp;
/** A second API process over the same database. */
let b: TestApp;
let s: Record<'rahul' | 'priya' | 'asha', TestSession>;

const command = (t: TestApp, who: TestSession, text: string) =>
  t.app.inject({ method: 'POST', url: `/api/command/process-command?command=${encodeURIComponent(text)}`, headers: who.headers });
const answer = (res: { json: () => unknown }) => res.json() as TProcessCommandResponse & { detail?: string };
const dealScreen = (t: TestApp, who: TestSession, method: 'POST' | 'PUT', url: string, payload: object) =>
  t.app.inject({ method, url, headers: who.headers, payload });

async function createOnScreen(t: TestApp, who: TestSession, dealname: string): Promise<string> {
  const res = await dealScreen(t, who, 'POST', '/api/deal/', { dealname, pipeline: 'Sales Pipeline', dealstage: 'Appointment Scheduled' });
  expect(res.statusCode, res.body).toBe(201);
  return res.json<{ data: { deal_id: string } }>().data.deal_id;
}

/** The caller's names are built and cached: the commands after this one read them unless they changed. */
async function warm(t: TestApp, who: TestSession) {
  expect(answer(await command(t, who, 'update deal Nowhere Near Anything amount 5')).status).toBe('not_found');
}

/** A command naming the deal as reps type it (some words, one misspelt) resolves to it. */
async function expectResolved(t: TestApp, who: TestSession, typed: string, name: string) {
  const res = await command(t, who, `update deal ${typed} set amount to 90k`);
  const body = answer(res);
  expect(body.status, body.message).toBe('confirm');
  expect(body.data.parsed_command).toEqual({ operation: 'update', object_type: 'deal', identifier: name, properties: { amount: 90000 } });
  expect(body.data.pending_operation).toMatchObject({ operation: 'update', object_type: 'deal' });
}

beforeAll(async () => {
  a = await createTestApp({ seed: true });
  b = await createTestApp({ database: a.database });
  s = await signInAll(a.database.db, { rahul: 'rahul@acme.example', priya: 'priya@acme.example', asha: 'asha@acme.example' });
});
afterAll(async () => {
  await b?.close();
  await a?.close();
});

describe('the assistant after a write on a screen', () => {
  it('finds a deal the rep just created on the deal screen, in the same API process', async () => {
    await warm(a, s.rahul);
    await createOnScreen(a, s.rahul, 'Quillfeather Textiles expansion');
    await expectResolved(a, s.rahul, 'quilfeather expansion', 'Quillfeather Textiles expansion');
  });

  it('finds a deal created through another API process', async () => {
    await warm(b, s.rahul);
    await createOnScreen(a, s.rahul, 'Marigold Ceramics pilot');
    await expectResolved(b, s.rahul, 'marigld pilot', 'Marigold Ceramics pilot');
  });

  it('finds a deal by the name it was just given on the deal screen', async () => {
    const id = await createOnScreen(a, s.rahul, 'Juniper Freight trial');
    await expectResolved(a, s.rahul, 'juniper trial', 'Juniper Freight trial');
    await expectResolved(b, s.rahul, 'juniper trial', 'Juniper Freight trial');
    const renamed = await dealScreen(a, s.rahul, 'PUT', `/api/deal/${id}`, { dealname: 'Zephyrine Freight rollout' });
    expect(renamed.statusCode, renamed.body).toBe(200);
    await expectResolved(a, s.rahul, 'zephyrine rollout', 'Zephyrine Freight rollout');
    await expectResolved(b, s.rahul, 'zephyrin freight', 'Zephyrine Freight rollout');
  });

  it('no longer finds for the rep a deal the admin just gave to someone else', async () => {
    const id = await createOnScreen(a, s.rahul, 'Saffronview Hotels bundle');
    await expectResolved(a, s.rahul, 'saffronview bundle', 'Saffronview Hotels bundle');
    await expectResolved(b, s.rahul, 'saffronview bundle', 'Saffronview Hotels bundle');
    const moved = await dealScreen(b, s.asha, 'PUT', `/api/deal/${id}`, { hubspot_owner_id: s.priya.userId });
    expect(moved.statusCode, moved.body).toBe(200);
    for (const t of [a, b]) {
      const body = answer(await command(t, s.rahul, 'update deal saffronview bundle set amount to 90k'));
      expect(body.status).toBe('not_found');
      // Not even its full name: the rep's names no longer hold it.
      expect(body.data.parsed_command).toMatchObject({ operation: 'update', identifier: 'saffronview bundle' });
    }
    await expectResolved(a, s.priya, 'saffronview bundle', 'Saffronview Hotels bundle');
  });
});

describe('the names a typed command reads', () => {
  it('are read once per command (one read of the workspace version), not again after the parser used them', async () => {
    await warm(a, s.priya);
    const forCaller = vi.spyOn(a.services.commands.gazetteers, 'forCaller');
    try {
      await expectResolved(a, s.priya, 'saffronview bundle', 'Saffronview Hotels bundle');
      expect(forCaller).toHaveBeenCalledTimes(1);
    } finally {
      forCaller.mockRestore();
    }
  });
});
