import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { execute, type Database } from '../../../db/client';
import { runMigrations } from '../../../db/migrate';
import { createPglite, pgliteDatabase } from '../../../db/pglite-driver';
import { seedDemo } from '../../../cli/seed';
import { checkAnswer, expectationFor, loadLabelledQuestions, type Who } from '../../../../test/assistant/labelled-expectations';
import { prepareDemoWorkspace } from '../../../../test/assistant/labelled-workspace';
import { createReads } from '../../../reads';
import { createNamedRecords } from './named-records';
import { createQuestionsService } from './questions-service';

/**
 * bench/assistant/questions.json over the demo workspace: each answer is checked against what the
 * set's expectations compute with their own SQL (the deal named and its value, the account's deals,
 * the refusal), and each class of question must be right at least 97% of the time.
 */

const questions = loadLabelledQuestions();
let database: Database;
const outcomes: { id: string; class: string; query: string; problems: string[] }[] = [];

beforeAll(async () => {
  database = pgliteDatabase(await createPglite());
  await runMigrations(database);
  const now = new Date();
  await seedDemo(database.db, now);
  const [org] = await execute<{ id: string }>(database.db, sql`select id from organizations where domain = 'acme.example'`);
  await prepareDemoWorkspace(database.db, org!.id);
  const reads = createReads(database.db);
  const service = createQuestionsService({ reads, named: createNamedRecords(reads) });
  const people = await execute<Who & { organization_id: string }>(database.db, sql`select id, organization_id, role, email from users`);
  for (const q of questions) {
    const u = people.find((p) => p.email === q.as)!;
    const who: Who = { id: u.id, organizationId: u.organization_id, role: u.role, email: u.email };
    const expected = await expectationFor(database.db, who, q.expect, now);
    const a = await service.ask(who, q.query, { account: q.account, now });
    outcomes.push({ id: q.id, class: q.class, query: q.query, problems: checkAnswer(a, q, expected) });
  }
}, 300_000);
afterAll(() => database?.close());

describe('the labelled question set (bench/assistant/questions.json)', () => {
  it('has at least 300 questions, many of each class the assistant must answer', () => {
    expect(questions.length).toBeGreaterThanOrEqual(300);
    const per = (c: string) => questions.filter((q) => q.class === c).length;
    for (const c of ['named_deal', 'named_account', 'named_contact', 'outside', 'unknown', 'not_visible'])
      expect(per(c), c).toBeGreaterThanOrEqual(10);
    for (const c of ['no_next_step', 'overdue', 'no_activity', 'closing_next_week', 'per_stage', 'per_owner'])
      expect(per(`filter_${c}`), c).toBeGreaterThanOrEqual(15);
  });

  it.each([...new Set(questions.map((q) => q.class))].sort())('answers at least 97%% of class %s right', (c) => {
    const of = outcomes.filter((o) => o.class === c);
    const wrong = of.filter((o) => o.problems.length > 0);
    expect(
      1 - wrong.length / of.length,
      wrong.map((w) => `${w.id} "${w.query}": ${w.problems.join('; ')}`).join('\n'),
    ).toBeGreaterThanOrEqual(0.97);
  });
});
