import fs from 'node:fs';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase, type TestDatabase } from '../../../test/test-db';
import { execute } from '../../db/client';
import { MIGRATIONS_DIR } from '../../db/migrate';
import { organizations } from '../../db/schema';
import { createWorkspace } from '../registrations/create-workspace';
import { DEFAULT_STAGES, insertDefaultPipeline } from './default-pipeline';

/**
 * Every workspace can hold a deal: a new one gets "Sales Pipeline" with HubSpot's default stages in
 * its own transaction, and migration 0024 gave the same to the workspaces made before it.
 */

let database: TestDatabase;
beforeAll(async () => {
  database = await createTestDatabase();
});
afterAll(() => database?.close());

const stagesOf = (organizationId: string) =>
  execute<{ pipeline: string; label: string; probability: number; is_closed: boolean; is_won: boolean }>(
    database.db,
    sql`select p.label as pipeline, s.label, s.probability, s.is_closed, s.is_won
      from pipelines p join pipeline_stages s on s.pipeline_id = p.id
      where p.organization_id = ${organizationId} order by p.label, s.display_order`,
  );
const expected = DEFAULT_STAGES.map((s) => ({
  pipeline: 'Sales Pipeline',
  label: s.label,
  probability: s.probability,
  is_closed: s.isClosed,
  is_won: s.isWon,
}));

describe('the default pipeline', () => {
  it('comes with a workspace made as new customers get theirs', async () => {
    const created = await createWorkspace(database.db, { domain: 'newco.example', admin: { email: 'ann@newco.example' } });
    expect(await stagesOf(created.organizationId)).toEqual(expected);
  });

  it('is given by migration 0024 to workspaces without any pipeline, and to no other', async () => {
    const [bare] = await database.db.insert(organizations).values({ name: 'Bare', domain: 'bare.example' }).returning();
    const [kept] = await database.db.insert(organizations).values({ name: 'Kept', domain: 'kept.example' }).returning();
    await database.db.transaction(async (tx) => {
      await insertDefaultPipeline(tx, kept!.id);
    });
    const migration = fs.readFileSync(path.join(MIGRATIONS_DIR, '0024_pipeline_settings.sql'), 'utf8');
    const backfill = migration.split('--> statement-breakpoint').at(-1)!;
    await database.db.execute(sql.raw(backfill));
    expect(await stagesOf(bare!.id)).toEqual(expected);
    expect(await stagesOf(kept!.id)).toEqual(expected);
  });
});
