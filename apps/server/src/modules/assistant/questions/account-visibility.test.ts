import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { execute } from '../../../db/client';
import { signIn, type TestSession } from '../../../../test/sessions';
import { createTestApp, type TestApp } from '../../../../test/test-app';

/**
 * The assistant names only accounts the caller can see (decision 13): an account named in a
 * question, in full or by one of its words, matches among the caller's companies only, and a
 * command looks companies up the same way. Demo seed: Rahul and Kavya (reps of two teams, without
 * reports) see their own deals and companies.
 */

let t: TestApp;
const reps: { who: TestSession; hidden: string[] }[] = [];

beforeAll(async () => {
  t = await createTestApp({ seed: true });
  for (const email of ['rahul@acme.example', 'kavya@acme.example']) {
    const who = await signIn(t.database.db, email);
    // Companies the rep neither owns nor has a deal of.
    const rows = await execute<{ name: string }>(
      t.database.db,
      sql`select c.name from companies c where c.organization_id = ${who.organizationId}
        and c.owner_id is distinct from ${who.userId}
        and not exists (select 1 from deals d where d.company_id = c.id and d.owner_id = ${who.userId})
      order by c.name`,
    );
    reps.push({ who, hidden: rows.map((r) => r.name) });
  }
}, 120_000);
afterAll(() => t?.close());

/** The response without the caller's own words (an answer may repeat what was asked). */
const withoutAsked = (body: string, asked: string) => body.split(asked).join('');

describe('the assistant and accounts the caller cannot see', () => {
  it('has accounts each rep cannot see in the demo', () => {
    for (const { hidden } of reps) expect(hidden.length).toBeGreaterThan(3);
  });

  it.each([0, 1])('never completes a word of a hidden account into its name (rep %i)', async (i) => {
    const { who: rahul, hidden } = reps[i]!;
    const leaked = (body: string) => hidden.filter((name) => body.includes(name));
    const words = [...new Set(['Foods', ...hidden.flatMap((name) => name.split(' ')).filter((w) => w.length > 3)])];
    const problems: string[] = [];
    for (const word of words) {
      const query = `For account ${word}: how many deals do we have?`;
      // A person asks far fewer than the 30 questions a minute the chat routes allow: start each with a fresh window.
      await t.database.db.execute(sql`delete from rate_limits where key like 'assistant-questions:%'`);
      const res = await t.app.inject({ method: 'POST', url: '/api/chat/sales', headers: rahul.headers, payload: { query, context: {} } });
      expect(res.statusCode, res.body).toBe(200);
      const found = leaked(withoutAsked(res.body, query));
      if (found.length) problems.push(`${word}: ${found.join(', ')}`);
    }
    expect(problems).toEqual([]);
  });

  it.each([0, 1])("does not find a hidden company to update, or name it as a contact's company (rep %i)", async (i) => {
    const { who: rahul, hidden } = reps[i]!;
    const leaked = (body: string) => hidden.filter((name) => body.includes(name));
    const problems: string[] = [];
    for (const name of hidden.slice(0, 4)) {
      for (const command of [`update company ${name} industry Fintech`, `create contact Lata Rao lata@example.com at ${name}`]) {
        const res = await t.app.inject({
          method: 'POST',
          url: `/api/command/process-command?command=${encodeURIComponent(command)}`,
          headers: rahul.headers,
        });
        expect(res.statusCode, res.body).toBeLessThan(500);
        const found = leaked(withoutAsked(res.body, name));
        if (found.length) problems.push(`${command}: ${found.join(', ')}`);
        const body = res.json<{ status: string }>();
        expect(body.status, command).not.toBe('confirm');
      }
    }
    expect(problems).toEqual([]);
  });
});
