import { spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import pg from 'pg';
import type { THubspotStatus } from '@pipewise/contract/integrations';
import { seedPortal, startFakeHubspot, type FakeHubspot } from '../../apps/server/test/fakes/hubspot-server';
import { REPO_ROOT, freePort, type RunningServer } from '../../e2e/support/pipewise-server';
import { startOwnServer } from '../deals/own-server';
import { startPostgresCluster } from '../deals/postgres-cluster';
import { percentile, tempDataDir, type Bench, type BenchResult } from '../lib/bench';
import { signInThroughOutbox } from '../lib/sign-in';
import { uploadRecording, type Auth } from '../lib/recording-upload';
import { alive, countBy, countsText, sleep, waitForRecording } from './pg-support';

/**
 * The scaled-out shape on one PostgreSQL: two API processes (ROLE=api, each on its own port) and one
 * job worker (ROLE=worker) with the same secrets and settings, as behind a load balancer. Checks a
 * session works on both, jobs queued through both run once each, and HubSpot's limit holds for the
 * requests of all three processes together.
 */

const MANAGER = 'vikram@acme.example';
/** Signs in on B and out on B; its session must then end on A too. */
const REP = 'rahul@acme.example';
/** Connects HubSpot, then edits deals through both API processes while the worker imports. */
const ADMIN = 'asha@acme.example';
const UPLOADS_PER_PROCESS = 2;
const HUBSPOT_LIMIT_PER_TEN_SECONDS = 100;
const PORTAL = { companies: 1500, contacts: 4000, deals: 15_000 };
/** Edits begin once this many deals are imported; each edit changes a deal no other edit touches. */
const LINKED_BEFORE_EDITS = 400;
const EDITORS_PER_PROCESS = Number(process.env.MULTI_EDITORS ?? 4);
const EDIT_SECONDS = Number(process.env.MULTI_EDIT_SECONDS ?? 40);
const SERVER_ENTRY = path.join(REPO_ROOT, 'apps/server/src/main.ts');

type Worker = { pid: number; logFile: string; stop: () => Promise<number | null> };

/** The worker process: main.ts with ROLE=worker. It listens on no port: the jobs it finishes show it is up. */
async function startWorker(env: Record<string, string>, logFile: string): Promise<Worker> {
  const log = fs.openSync(logFile, 'a');
  const child = spawn(process.execPath, ['--import', 'tsx', SERVER_ENTRY], {
    cwd: REPO_ROOT,
    env: { ...process.env, NODE_ENV: 'production', ...env, ROLE: 'worker', PORT: String(await freePort()), HOST: '127.0.0.1' },
    stdio: ['ignore', log, log],
  });
  fs.closeSync(log);
  const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
  return {
    pid: child.pid!,
    logFile,
    stop: async () => {
      if (child.exitCode === null && child.signalCode === null) child.kill('SIGTERM');
      return exited;
    },
  };
}

const cookieOf = (res: Response, name: string) =>
  res.headers
    .getSetCookie()
    .map((c) => c.split(';')[0]!)
    .find((c) => c.startsWith(`${name}=`));

/** The admin's HubSpot connect as a browser makes it, begun on `start` and finished (code exchange) on `finish`. */
async function connectHubspot(start: string, finish: string, session: Auth): Promise<void> {
  const headers = { cookie: session.cookie, 'x-csrf-token': session.csrf };
  const begun = await fetch(`${start}/api/hubspot/authorize-url?confirm_builtin_deals=true`, { headers });
  if (begun.status !== 200) throw new Error(`authorize-url answered ${begun.status}: ${await begun.text()}`);
  const browserCookie = cookieOf(begun, 'hubspot_connect');
  const { url } = (await begun.json()) as { url: string };
  const consent = await fetch(url, { redirect: 'manual' });
  const back = new URL(consent.headers.get('location') ?? '');
  const query = new URLSearchParams({ code: back.searchParams.get('code') ?? '', state: back.searchParams.get('state') ?? '' });
  const exchange = await fetch(`${finish}/api/token/hubspot/access-token/?${query.toString()}`, {
    method: 'POST',
    headers: { ...headers, cookie: `${session.cookie}; ${browserCookie}` },
  });
  if (exchange.status !== 200) throw new Error(`the code exchange answered ${exchange.status}: ${await exchange.text()}`);
}

type Check = { check: string; outcome: string; pass: boolean };

type Edit = { process: 'A' | 'B'; status: number; ms: number; at: number };

export async function multiProcess(): Promise<BenchResult> {
  const loadAverageAtStart = os.loadavg()[0]!;
  const cluster = startPostgresCluster(await freePort(), 'bench-pg-multi');
  const dataDir = tempDataDir('multi');
  const databaseUrl = await cluster.createDatabase('pipewise_multi');
  const hs: FakeHubspot = await startFakeHubspot();
  seedPortal(hs, PORTAL, [ADMIN, MANAGER, REP]);
  // What every process shares, as one deployment's settings would: the database, the key, the storage
  // (DATA_DIR/uploads here, a shared volume), the address users know, HubSpot's app.
  const env = {
    DATABASE_URL: databaseUrl,
    ENCRYPTION_KEY: randomBytes(32).toString('hex'),
    DATA_DIR: dataDir,
    APP_URL: 'http://localhost:8080',
    DEMO_SEED: '1',
    LOG_LEVEL: 'warn',
    MAX_CONNECTIONS_PER_ADDRESS: '1000',
    HUBSPOT_CLIENT_ID: hs.clientId,
    HUBSPOT_CLIENT_SECRET: hs.clientSecret,
    HUBSPOT_API_BASE: hs.url,
    HUBSPOT_AUTHORIZE_URL: `${hs.url}/oauth/authorize`,
  };
  const checks: Check[] = [];
  const check = (name: string, outcome: string, pass: boolean) => checks.push({ check: name, outcome, pass });
  const edits: Edit[] = [];
  const data: Record<string, unknown> = {};
  let a: RunningServer | undefined;
  let b: RunningServer | undefined;
  let worker: Worker | undefined;
  const db = new pg.Client({ connectionString: databaseUrl });
  try {
    // A migrates and seeds first; B and the worker then start together.
    a = await startOwnServer({ dataDir, logFile: path.join(dataDir, 'api-a.log'), timeoutMs: 600_000, env: { ...env, ROLE: 'api' } });
    [b, worker] = await Promise.all([
      startOwnServer({ dataDir, logFile: path.join(dataDir, 'api-b.log'), timeoutMs: 600_000, env: { ...env, ROLE: 'api' } }),
      startWorker(env, path.join(dataDir, 'worker.log')),
    ]);
    await db.connect();
    const A = a.baseURL;
    const B = b.baseURL;

    // 1. Sessions: signed in on A, used on B; signed out on B, gone on A.
    const manager = await signInThroughOutbox(A, dataDir, MANAGER);
    const profileOn = async (base: string, who: Auth) =>
      (await fetch(`${base}/api/session/profile`, { headers: { cookie: who.cookie } })).status;
    const listOnB = await fetch(`${B}/api/deal/get-deals-user-hierarchy`, { headers: { cookie: manager.cookie } });
    const dealId = ((await listOnB.json()) as { data: { deal_id: string }[] }).data[0]?.deal_id;
    const editOnB = await fetch(`${B}/api/deal/${dealId}`, {
      method: 'PUT',
      headers: { cookie: manager.cookie, 'x-csrf-token': manager.csrf, 'content-type': 'application/json' },
      body: JSON.stringify({ nextsteps: 'Edited through the other API process' }),
    });
    const profileB = await profileOn(B, manager);
    check(
      'a session signed in on A works on B (profile, deals list, an edit with A’s CSRF token)',
      `${profileB} / ${listOnB.status} / ${editOnB.status}`,
      profileB === 200 && listOnB.status === 200 && editOnB.status === 200,
    );
    const rep = await signInThroughOutbox(B, dataDir, REP);
    // A serves it a few times first, so A's session cache holds it when B ends it.
    const beforeOnA = [await profileOn(A, rep), await profileOn(A, rep), await profileOn(A, rep)];
    const logout = await fetch(`${B}/api/session/logout`, { method: 'POST', headers: { cookie: rep.cookie, 'x-csrf-token': rep.csrf } });
    const loggedOutAt = performance.now();
    let afterOnA = await profileOn(A, rep);
    while (afterOnA === 200 && performance.now() - loggedOutAt < 5000) {
      await sleep(20);
      afterOnA = await profileOn(A, rep);
    }
    const endedAfterMs = Math.round(performance.now() - loggedOutAt);
    check(
      'signed out on B (after A served the session 3 times), the session is refused on A',
      `A before ${beforeOnA.join('/')}, logout on B ${logout.status}, A after ${afterOnA} (${endedAfterMs} ms after the logout)`,
      beforeOnA.every((s) => s === 200) && logout.status === 200 && afterOnA === 401,
    );
    data.sessions = {
      profileB,
      listOnB: listOnB.status,
      editOnB: editOnB.status,
      beforeOnA,
      logout: logout.status,
      afterOnA,
      endedAfterMs,
    };

    // 2. Jobs queued through both API processes run once each, on the worker.
    // Loaded here: the fixture module brings the server's services with it, which other benches need not load.
    const { librivoxClip, makeSpokenVideo } = await import('../../apps/server/test/recordings-fixture');
    const clip = makeSpokenVideo(path.join(dataDir, 'clip.mp4'), [librivoxClip('0870')]);
    const uploads: { via: string; id: string }[] = [];
    for (const [via, base] of [
      ['A', A],
      ['B', B],
    ] as const) {
      for (let i = 0; i < UPLOADS_PER_PROCESS; i++)
        uploads.push({ via, id: await uploadRecording(base, manager, clip, `Call ${via}${i + 1}`) });
    }
    const statuses = await Promise.all(uploads.map((u) => waitForRecording(u.via === 'A' ? B : A, manager, u.id, 600_000)));
    const ids = uploads.map((u) => u.id);
    const jobRows = (
      await db.query<{ recording_id: string; status: string; attempts: number; locked_by: string | null }>(
        `select payload->>'recordingId' as recording_id, status, attempts, locked_by from jobs
         where type = 'recording.process' and payload->>'recordingId' = any($1::text[])`,
        [ids],
      )
    ).rows;
    const transcripts = (
      await db.query<{ id: string; words: number }>(
        `select id, coalesce(array_length(regexp_split_to_array(trim(transcription), '\\s+'), 1), 0) as words
         from recordings where id = any($1::uuid[])`,
        [ids],
      )
    ).rows;
    const onceEach = ids.every((id) => {
      const rows = jobRows.filter((r) => r.recording_id === id);
      return rows.length === 1 && rows[0]!.status === 'done' && rows[0]!.attempts === 1;
    });
    const withTranscript = transcripts.filter((t) => t.words > 0).length;
    check(
      `${uploads.length} recordings uploaded (${UPLOADS_PER_PROCESS} through each API process) each processed once by the worker`,
      `statuses ${countsText(countBy(statuses, (s) => s))}; jobs ${jobRows.length} (${countsText(
        countBy(jobRows, (r) => `${r.status} after ${r.attempts} attempt${r.attempts === 1 ? '' : 's'}`),
      )}); ${withTranscript} with a transcript`,
      onceEach && statuses.every((s) => s === 'ready') && withTranscript === ids.length,
    );
    data.jobs = { uploads, statuses, jobRows, transcripts };

    // 3. HubSpot: the worker imports while both API processes write deal edits through to HubSpot.
    const admin = await signInThroughOutbox(A, dataDir, ADMIN);
    const callsBefore = hs.calls.length;
    const connectedAt = performance.now();
    await connectHubspot(A, B, admin);
    // Edits start once some imported deals are here, while the import still runs.
    let linked: { id: string }[] = [];
    for (let i = 0; i < 600 && linked.length < LINKED_BEFORE_EDITS; i++) {
      await sleep(1000);
      linked = (await db.query<{ id: string }>(`select id::text from deals where external_id is not null order by id`)).rows;
    }
    if (linked.length < LINKED_BEFORE_EDITS) throw new Error(`the import brought ${linked.length} deals in 10 minutes`);
    const status = async () =>
      (await (await fetch(`${B}/api/hubspot/status`, { headers: { cookie: admin.cookie } })).json()) as THubspotStatus;
    const importAtEditStart = await status();
    const editStart = performance.now();
    const editors = (['A', 'B'] as const).flatMap((proc) =>
      Array.from({ length: EDITORS_PER_PROCESS }, async (_, n) => {
        const base = proc === 'A' ? A : B;
        const editor = (proc === 'A' ? 0 : EDITORS_PER_PROCESS) + n;
        // One edit per deal: a deal edited twice could meet the import's older copy of it (a fair 409).
        for (let i = 0; performance.now() - editStart < EDIT_SECONDS * 1000; i++) {
          const deal = linked[i * EDITORS_PER_PROCESS * 2 + editor];
          if (!deal) break;
          const t = performance.now();
          const res = await fetch(`${base}/api/deal/${deal.id}`, {
            method: 'PUT',
            headers: { cookie: admin.cookie, 'x-csrf-token': admin.csrf, 'content-type': 'application/json' },
            body: JSON.stringify({ nextsteps: `Step ${proc}${n}-${i}` }),
          });
          await res.arrayBuffer();
          edits.push({ process: proc, status: res.status, ms: Math.round(performance.now() - t), at: Math.round(t - editStart) });
        }
      }),
    );
    await Promise.all(editors);
    const importAtEditEnd = await status();
    let last = importAtEditEnd;
    while (last.sync.state !== 'done' && last.sync.state !== 'failed' && performance.now() - connectedAt < 1_200_000) {
      await sleep(1000);
      last = await status();
    }
    const crm = hs.calls.slice(callsBefore).filter((c) => c.path.startsWith('/crm/'));
    const peak = hs.peakPerTenSeconds();
    const byProcess = countBy(edits, (e) => `${e.process} ${e.status}`);
    const editOk = edits.filter((e) => e.status === 200);
    check(
      `HubSpot's limit (${HUBSPOT_LIMIT_PER_TEN_SECONDS} per 10 s per portal) held for the worker's import and ` +
        `${EDITORS_PER_PROCESS} editors on each API process together`,
      `peak ${peak} requests in a 10 s window, ${hs.count429} answered 429, ${crm.length} CRM requests; import ` +
        `${importAtEditStart.sync.state} (${importAtEditStart.sync.phase ?? ''} ` +
        `${importAtEditStart.sync.done}/${importAtEditStart.sync.total}) ` +
        `when the edits began, ${last.sync.state} at the end`,
      peak <= HUBSPOT_LIMIT_PER_TEN_SECONDS && hs.count429 === 0 && last.sync.state === 'done',
    );
    check(
      'the edits written through to HubSpot from both API processes',
      `${edits.length} edits in ${EDIT_SECONDS} s: ${countsText(byProcess)}; p50 / p99 ${percentile(
        editOk.map((e) => e.ms),
        50,
      ).toFixed(0)} / ${percentile(
        editOk.map((e) => e.ms),
        99,
      ).toFixed(0)} ms`,
      edits.length > 0 && edits.every((e) => e.status === 200),
    );
    data.hubspot = {
      portal: PORTAL,
      peakPerTenSeconds: peak,
      answered429: hs.count429,
      crmRequests: crm.length,
      importAtEditStart: importAtEditStart.sync,
      importAtEditEnd: importAtEditEnd.sync,
      importEnd: last.sync,
      edits: { count: edits.length, byProcess, editors: EDITORS_PER_PROCESS * 2, seconds: EDIT_SECONDS },
      drift: hs.drift.slice(0, 5),
    };
    const processes = { A: a.pid, B: b.pid, worker: worker.pid };
    check(
      'all three processes still running at the end',
      Object.entries(processes)
        .map(([k, pid]) => `${k} ${alive(pid) ? 'up' : 'GONE'}`)
        .join(', '),
      Object.values(processes).every(alive),
    );
  } finally {
    await db.end().catch(() => undefined);
    const codes = await Promise.all([a?.stop(), b?.stop(), worker?.stop()]);
    data.exitCodes = codes.map((c) => (typeof c === 'object' ? c?.code : c));
    await hs.close();
    await cluster.dropDatabase('pipewise_multi').catch(() => undefined);
    cluster.stop();
    if (process.env.MULTI_KEEP_LOGS) process.stdout.write(`logs kept in ${dataDir}\n`);
    else fs.rmSync(dataDir, { recursive: true, force: true });
  }
  const loadAverageAtEnd = os.loadavg()[0]!;
  const passed = checks.every((c) => c.pass);
  return {
    name: 'reliability-multi-process',
    title: 'Two API processes and one worker on one PostgreSQL: sessions, jobs once, HubSpot pacing across processes',
    notes:
      'Three processes of the real server on a throwaway PostgreSQL cluster: A and B with ROLE=api (each on its own free port) and ' +
      'one with ROLE=worker, sharing DATABASE_URL, ENCRYPTION_KEY, DATA_DIR (the local upload store, as a shared volume would), ' +
      'APP_URL and the HubSpot app (the stand-in of apps/server/test/fakes/hubspot-server.ts, 100 requests per 10 s per portal, ' +
      `holding ${PORTAL.deals.toLocaleString('en-US')} deals, ${PORTAL.companies.toLocaleString('en-US')} companies, ` +
      `${PORTAL.contacts.toLocaleString('en-US')} contacts). ` +
      `Sign-in codes come from the outbox. Recordings are a 7 s spoken clip of Debian's pocketsphinx test data made into an MP4. ` +
      `The admin connects HubSpot (authorize on A, code exchange on B); once ${LINKED_BEFORE_EDITS} deals are imported, ` +
      `${EDITORS_PER_PROCESS} editors ` +
      `per API process change deals' next step for ${EDIT_SECONDS} s (each edit reads the deal in HubSpot, then updates it) while ` +
      `the worker goes on importing. The stand-in counts every CRM request (peak over any 10 s window, 429s). ` +
      `Shared machine: see the load average.`,
    rows: [
      {
        metric: 'verdict',
        value: passed ? 'all checks pass' : `FAILS: ${checks.filter((c) => !c.pass).length} of ${checks.length} checks`,
      },
      ...checks.map((c) => ({ metric: `${c.pass ? 'pass' : 'FAIL'}: ${c.check}`, value: c.outcome })),
      { metric: '1-minute load average at start / end', value: `${loadAverageAtStart.toFixed(1)} / ${loadAverageAtEnd.toFixed(1)}` },
    ],
    report: [],
    data: { passed, checks, ...data, loadAverage: { atStart: loadAverageAtStart, atEnd: loadAverageAtEnd } },
  };
}

export const multiProcessBench: Bench = {
  name: 'reliability-multi-process',
  title: 'Two API processes and one worker on one PostgreSQL',
  run: async () => [await multiProcess()],
};
