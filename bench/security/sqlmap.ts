import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { AddressInfo } from 'node:net';
import { sql } from 'drizzle-orm';
import pino from 'pino';
import { buildApp } from '../../apps/server/src/app';
import { loadConfig } from '../../apps/server/src/config';
import { execute } from '../../apps/server/src/db/client';
import { runMigrations } from '../../apps/server/src/db/migrate';
import { createPglite, pgliteDatabase } from '../../apps/server/src/db/pglite-driver';
import { seedDemo } from '../../apps/server/src/cli/seed';
import { createServices } from '../../apps/server/src/services';
import { signIn } from '../../apps/server/test/sessions';
import type { BenchTable } from '../lib/bench';
import { environment, storeResult } from '../lib/results';

/**
 * `npm run security:sqlmap`: Debian's sqlmap against the deals list, the header search, the
 * assistant's command route and both chat routes, as a signed-in rep (Bearer session) of the demo
 * workspace, every parameter of each (query parameters and JSON fields) at level 3, risk 2, for
 * PostgreSQL with every technique. The server is the real app on the embedded database, listening
 * on a free loopback port. Passes when no parameter is injectable and no request answered 5xx;
 * writes bench/results/security-sqlmap.json and .md (not with SQLMAP_STORE=0). At level 3 it takes several minutes;
 * `npm test` runs it at level 1, risk 1.
 */

const SQLMAP = '/usr/bin/sqlmap';
const LEVEL = process.env.SQLMAP_LEVEL ?? '3';
const RISK = process.env.SQLMAP_RISK ?? '2';
/** `npm test` runs a shallower pass (level 1, risk 1) and keeps the committed results of the full one. */
const STORE = process.env.SQLMAP_STORE !== '0';

type Target = { name: string; method: 'GET' | 'POST'; path: string; data?: unknown };
type Outcome = {
  name: string;
  request: string;
  parameters: string[];
  injectable: string[];
  httpErrors: string[];
  requests: number;
  serverErrors: number;
  seconds: number;
  verdict: string;
};

const log = (line: string) => process.stdout.write(`${line}\n`);

function runSqlmap(args: string[]): Promise<{ code: number | null; output: string }> {
  return new Promise((resolve, reject) => {
    const child = spawn(SQLMAP, args, { stdio: ['ignore', 'pipe', 'pipe'] });
    let output = '';
    child.stdout.on('data', (d: Buffer) => (output += d.toString('utf8')));
    child.stderr.on('data', (d: Buffer) => (output += d.toString('utf8')));
    child.on('error', reject);
    child.on('close', (code) => resolve({ code, output }));
  });
}

/** What sqlmap's log says: the parameters it tested, those it found injectable, the HTTP errors it saw. */
function readLog(output: string) {
  const parameters = [...new Set([...output.matchAll(/testing if (\S+ parameter '[^']+') is dynamic/g)].map((m) => m[1]!))];
  const more = [...output.matchAll(/(\S+ parameter '[^']+') (?:does not seem to be injectable|appears to be dynamic|does not appear)/g)];
  for (const m of more) if (!parameters.includes(m[1]!)) parameters.push(m[1]!);
  const injectable = [
    ...new Set([...output.matchAll(/(\S+ parameter '[^']+') (?:is|appears to be) '[^']+' injectable/g)].map((m) => m[1]!)),
  ];
  if (/identified the following injection point/.test(output) && injectable.length === 0) injectable.push('(see the log)');
  const httpErrors = [...output.matchAll(/HTTP error codes detected during run:\s*\n?(.*)/g)].map((m) => m[1]!.trim());
  const verdict =
    /all tested parameters do not appear to be injectable/.test(output) || /do not appear to be injectable/.test(output)
      ? 'no injectable parameter'
      : injectable.length
        ? 'INJECTABLE'
        : 'no verdict (see the log)';
  return { parameters, injectable, httpErrors, verdict };
}

async function main(): Promise<void> {
  if (!fs.existsSync(SQLMAP)) throw new Error(`${SQLMAP} is missing: install Debian's sqlmap package (sudo apt-get install sqlmap)`);
  const version = (await runSqlmap(['--version'])).output.trim().split('\n')[0]!;
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'pipewise-sqlmap-'));
  const config = loadConfig({ DATA_DIR: dataDir, DEMO_SEED: '0', LOG_LEVEL: 'silent', AUTH_IP_LIMIT: '100000' });
  const database = pgliteDatabase(await createPglite());
  await runMigrations(database);
  await seedDemo(database.db);
  const services = createServices({ config, database, log: pino({ level: 'silent' }) });
  const app = await buildApp({ services });
  // What the server answered, counted on its side: every request sqlmap sent, and any 5xx among them.
  const answered = { all: 0, serverErrors: 0 };
  // A person asks far fewer questions than sqlmap: each question starts with an empty per-minute window.
  app.addHook('onRequest', async (req) => {
    if (req.url.startsWith('/api/chat')) await execute(database.db, sql`delete from rate_limits where key like 'assistant-questions:%'`);
  });
  app.addHook('onResponse', async (_req, reply) => {
    answered.all++;
    if (reply.statusCode >= 500) answered.serverErrors++;
  });
  await app.listen({ port: 0, host: '127.0.0.1' });
  const base = `http://127.0.0.1:${(app.server.address() as AddressInfo).port}`;

  const rep = await signIn(database.db, 'rahul@acme.example');
  const [deal] = await execute<{ name: string; stage: string; pipeline: string; company: string | null }>(
    database.db,
    sql`select d.dealname as name, s.label as stage, p.label as pipeline, c.name as company
      from deals d join pipeline_stages s on s.id = d.stage_id join pipelines p on p.id = d.pipeline_id
      left join companies c on c.id = d.company_id where d.owner_id = ${rep.userId} order by d.id limit 1`,
  );
  const account = deal!.company ?? deal!.name;
  const q = (s: string) => encodeURIComponent(s);
  const targets: Target[] = [
    {
      name: 'deals list',
      method: 'GET',
      path:
        `/api/deal/get-deals-user-hierarchy?email=${q(rep.email)}&owners=${q(rep.email)}&stages=${q(deal!.stage)}` +
        `&pipelines=${q(deal!.pipeline)}&close_from=2020-01-01&close_to=2030-12-31&search=${q(deal!.name.split(' ')[0]!)}` +
        '&sort=amount_desc&page=1&page_size=25',
    },
    { name: 'header search', method: 'GET', path: `/api/search?q=${q(account.split(' ')[0]!)}` },
    {
      name: 'assistant command',
      method: 'POST',
      path: `/api/command/process-command?command=${q(`update deal ${deal!.name} amount 5 lakh`)}&email=${q(rep.email)}`,
      data: {},
    },
    {
      name: 'chat (home)',
      method: 'POST',
      path: '/api/chat/sales',
      data: { query: `What is the status of ${account}?`, context: { account } },
    },
    { name: 'chat (panel)', method: 'POST', path: '/api/chat/', data: { query: `deals closing this month for ${account}` } },
    {
      name: 'companies list',
      method: 'GET',
      path: `/api/companies?search=${q(account.split(' ')[0]!)}&sort=name_desc&owner_id=${rep.userId}&page=1&page_size=25`,
    },
    { name: 'contacts list', method: 'GET', path: `/api/contacts?search=${q('a')}&sort=updated_desc&page=1&page_size=25` },
    { name: 'tasks list', method: 'GET', path: '/api/tasks?due=today&status=open' },
  ];

  const outcomes: Outcome[] = [];
  const logs: string[] = [];
  try {
    for (const target of targets) {
      const outDir = fs.mkdtempSync(path.join(dataDir, 'sqlmap-'));
      const args = [
        '-u',
        `${base}${target.path}`,
        '--method',
        target.method,
        ...(target.data !== undefined ? ['--data', JSON.stringify(target.data)] : []),
        '--headers',
        [
          `Authorization: Bearer ${rep.token}`,
          'Accept: application/json',
          ...(target.data !== undefined ? ['Content-Type: application/json'] : []),
        ].join('\n'),
        '--batch',
        '--dbms=PostgreSQL',
        `--level=${LEVEL}`,
        `--risk=${RISK}`,
        '--technique=BEUSTQ',
        '--time-sec=2',
        '--skip=Host,User-Agent,Referer',
        '--flush-session',
        '--disable-coloring',
        '--output-dir',
        outDir,
      ];
      const started = performance.now();
      const before = { ...answered };
      log(`sqlmap ${target.name}: ${target.method} ${target.path.split('?')[0]}`);
      const { code, output } = await runSqlmap(args);
      const seconds = Math.round((performance.now() - started) / 1000);
      const read = readLog(output);
      const outcome: Outcome = {
        name: target.name,
        request: `${target.method} ${target.path.split('?')[0]}`,
        ...read,
        requests: answered.all - before.all,
        serverErrors: answered.serverErrors - before.serverErrors,
        verdict: code === 0 || read.verdict !== 'no verdict (see the log)' ? read.verdict : `sqlmap exited ${code}`,
        seconds,
      };
      outcomes.push(outcome);
      logs.push(`## ${target.name}`, '', '```', output.trim().split('\n').slice(-40).join('\n'), '```', '');
      const counts = `${outcome.parameters.length} parameters; ${outcome.requests} requests (${outcome.serverErrors} 5xx)`;
      log(`  ${outcome.verdict}; ${counts}; ${seconds} s`);
      if (outcome.httpErrors.length) log(`  HTTP errors: ${outcome.httpErrors.join('; ')}`);
    }
  } finally {
    await app.close();
    await database.close();
    fs.rmSync(dataDir, { recursive: true, force: true });
  }

  const failed = outcomes.filter((o) => o.verdict !== 'no injectable parameter' || o.serverErrors > 0);
  const table: BenchTable = {
    columns: ['endpoint', 'request', 'parameters tested', 'injectable', 'requests', '5xx', 'refusals sqlmap saw', 'seconds'],
    rows: outcomes.map((o) => [
      o.name,
      o.request,
      o.parameters.map((p) => p.replace(/^\S+ parameter /, '')).join(', '),
      o.injectable.length ? o.injectable.join(', ') : 'none',
      String(o.requests),
      String(o.serverErrors),
      o.httpErrors.join('; ') || 'none',
      String(o.seconds),
    ]),
  };
  if (STORE)
    storeResult(
      {
        name: 'security-sqlmap',
        title: 'sqlmap against the list, search, command and chat endpoints',
        rows: [
          { metric: 'sqlmap', value: version },
          { metric: 'settings', value: `level ${LEVEL}, risk ${RISK}, techniques BEUSTQ, PostgreSQL, signed in as a rep (Bearer)` },
          { metric: 'endpoints', value: String(outcomes.length) },
          { metric: 'injectable parameters', value: String(outcomes.reduce((n, o) => n + o.injectable.length, 0)) },
          { metric: 'requests answered', value: String(answered.all) },
          { metric: 'answers 5xx', value: String(answered.serverErrors) },
          { metric: 'verdict', value: failed.length ? `FAILED: ${failed.map((o) => o.name).join(', ')}` : 'no injectable parameter' },
        ],
        table,
        notes:
          "npm run security:sqlmap (scripts/security-sqlmap.sh installs Debian's sqlmap as root). The real app on the embedded " +
          'database with the demo workspace; SQLMAP_LEVEL and SQLMAP_RISK change the depth.',
        data: { version, level: LEVEL, risk: RISK, outcomes },
        report: ['', '## The end of each sqlmap log', '', ...logs],
      },
      environment(),
    );
  log(failed.length ? `FAILED: ${failed.map((o) => `${o.name} (${o.verdict})`).join(', ')}` : 'sqlmap: no injectable parameter');
  process.exitCode = failed.length ? 1 : 0;
}

main().catch((e: unknown) => {
  process.stderr.write(`security:sqlmap failed: ${e instanceof Error ? (e.stack ?? e.message) : String(e)}\n`);
  process.exit(1);
});
