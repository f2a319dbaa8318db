import { execFile } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { asc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { presetPgliteDataDir } from '../../test/server-process';
import { createTestDatabase, type TestDatabase } from '../../test/test-db';
import { REPO_ROOT } from '../../test/test-paths';
import type { Database } from '../db/client';
import { openPglite } from '../db/pglite-driver';
import { acquireDataDirLock } from '../db/lock';
import { organizations, pipelineStages, pipelines, users } from '../db/schema';

/**
 * `npm run workspace:create`, spawned as a person would run it: against PGlite in a temp DATA_DIR
 * (or, on the PostgreSQL run, against DATABASE_URL).
 */
const CLI = path.join(REPO_ROOT, 'apps/server/src/cli/workspace-create-cli.ts');

let dataDir: string;
let postgres: TestDatabase | undefined;

type Run = { code: number | null; stdout: string; stderr: string };
function run(args: string[]): Promise<Run> {
  const env: Record<string, string> = {
    PATH: process.env.PATH ?? '/usr/bin:/bin',
    HOME: process.env.HOME ?? '/tmp',
    DATA_DIR: dataDir,
    APP_URL: 'https://crm.example.com',
    LOG_LEVEL: 'silent',
    ...(postgres?.url ? { DATABASE_URL: postgres.url } : {}),
  };
  return new Promise((resolve) => {
    execFile(process.execPath, ['--import', 'tsx', CLI, ...args], { cwd: REPO_ROOT, env, timeout: 90_000 }, (error, stdout, stderr) => {
      resolve({ code: error ? ((error as { code?: number }).code ?? null) : 0, stdout, stderr });
    });
  });
}

/** The CLI's database, opened after it exited (PGlite allows one process at a time). */
async function inspect<T>(fn: (database: Database) => Promise<T>): Promise<T> {
  if (postgres) return fn(postgres);
  const database = await openPglite(dataDir);
  try {
    return await fn(database);
  } finally {
    await database.close();
  }
}
const workspaces = () => inspect((d) => d.db.select({ name: organizations.name, domain: organizations.domain }).from(organizations));

beforeAll(async () => {
  dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'pipewise-cli-'));
  const candidate = await createTestDatabase();
  if (candidate.url) postgres = candidate;
  else {
    await candidate.close();
    presetPgliteDataDir(dataDir);
  }
});
afterAll(async () => {
  await postgres?.close();
  fs.rmSync(dataDir, { recursive: true, force: true });
});

describe('npm run workspace:create', () => {
  it('creates the workspace and its admin, and prints what it did', async () => {
    const res = await run([
      '--name',
      'Globex',
      '--domain',
      'Globex.example',
      '--admin',
      'Bob@globex.example',
      '--first',
      'Bob',
      '--last',
      'Stone',
    ]);
    expect(res.stderr).toBe('');
    expect(res.code).toBe(0);
    expect(res.stdout).toContain('Created the workspace "Globex" for globex.example');
    expect(res.stdout).toContain(
      'Its admin is Bob Stone <bob@globex.example> (super_admin), who can sign in at https://crm.example.com/signin',
    );
    expect(await workspaces()).toEqual([{ name: 'Globex', domain: 'globex.example' }]);
    const [bob] = await inspect((d) => d.db.select().from(users).where(eq(users.email, 'bob@globex.example')));
    expect(bob).toMatchObject({ firstName: 'Bob', lastName: 'Stone', role: 'super_admin', status: 'active' });
    // Ready to sell: HubSpot's default pipeline and stages came with it.
    const stages = await inspect((d) =>
      d.db
        .select({ pipeline: pipelines.label, stage: pipelineStages.label, probability: pipelineStages.probability })
        .from(pipelines)
        .innerJoin(pipelineStages, eq(pipelineStages.pipelineId, pipelines.id))
        .where(eq(pipelines.organizationId, bob!.organizationId))
        .orderBy(asc(pipelineStages.displayOrder)),
    );
    expect(stages.map((s) => `${s.pipeline}: ${s.stage} ${s.probability}`)).toEqual([
      'Sales Pipeline: Appointment Scheduled 20',
      'Sales Pipeline: Qualified To Buy 40',
      'Sales Pipeline: Presentation Scheduled 60',
      'Sales Pipeline: Decision Maker Bought-In 80',
      'Sales Pipeline: Contract Sent 90',
      'Sales Pipeline: Closed Won 100',
      'Sales Pipeline: Closed Lost 0',
    ]);
  });

  it('refuses a domain a workspace already has, and an admin address at another domain, changing nothing', async () => {
    const held = await run(['--domain', 'globex.example', '--admin', 'carl@globex.example']);
    expect(held.code).toBe(1);
    expect(held.stdout).toBe('');
    expect(held.stderr).toBe('Could not create the workspace: globex.example already belongs to the workspace Globex.\n');
    const elsewhere = await run(['--domain', 'initech.example', '--admin', 'carl@globex.example']);
    expect(elsewhere.code).toBe(1);
    expect(elsewhere.stderr).toContain("The workspace's first admin needs an @initech.example address; carl@globex.example is not one.");
    expect(await workspaces()).toEqual([{ name: 'Globex', domain: 'globex.example' }]);
  });

  it.skipIf(Boolean(process.env.TEST_DATABASE_URL))('says so clearly when a server holds the DATA_DIR', async () => {
    const release = acquireDataDirLock(dataDir);
    try {
      const res = await run(['--domain', 'initech.example', '--admin', 'ivan@initech.example']);
      expect(res.code).toBe(1);
      expect(res.stderr).toContain(`is in use by another Pipewise process (pid ${process.pid})`);
      expect(res.stderr).toContain('If that is the running Pipewise server, stop it first');
    } finally {
      release();
    }
    expect(await workspaces()).toHaveLength(1);
  });
});
