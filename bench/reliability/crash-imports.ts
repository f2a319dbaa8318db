import fs from 'node:fs';
import { performance } from 'node:perf_hooks';
import type { THubspotStatus } from '@pipewise/contract/integrations';
import { seedPortal, startFakeHubspot } from '../../apps/server/test/fakes/hubspot-server';
import { tempDataDir } from '../lib/bench';
import { signInThroughOutbox } from '../lib/sign-in';
import { ADMIN, type KindOptions } from './crash-edits';
import { emptySummary, killHard, poll, seededRandom, startOn, withSql, type Auth, type KindSummary, type Target } from './crash-support';

const PORTAL = { deals: 3000, companies: 300, contacts: 750 };
const FINAL_TIMEOUT_MS = 20 * 60_000;

const cookieOf = (res: Response, name: string) =>
  res.headers
    .getSetCookie()
    .map((c) => c.split(';')[0]!)
    .find((c) => c.startsWith(`${name}=`));

/** The admin's connect as the browser makes it (as bench/hubspot does): authorize URL, the stand-in's consent, the code exchange. */
async function connect(baseURL: string, session: Auth): Promise<void> {
  const headers = { cookie: session.cookie, 'x-csrf-token': session.csrf };
  const start = await fetch(`${baseURL}/api/hubspot/authorize-url?confirm_builtin_deals=true`, { headers });
  if (start.status !== 200) throw new Error(`authorize-url answered ${start.status}: ${await start.text()}`);
  const browserCookie = cookieOf(start, 'hubspot_connect');
  const { url } = (await start.json()) as { url: string };
  const consent = await fetch(url, { redirect: 'manual' });
  const back = new URL(consent.headers.get('location') ?? '');
  const query = new URLSearchParams({ code: back.searchParams.get('code') ?? '', state: back.searchParams.get('state') ?? '' });
  const exchange = await fetch(`${baseURL}/api/token/hubspot/access-token/?${query.toString()}`, {
    method: 'POST',
    headers: { ...headers, cookie: `${session.cookie}; ${browserCookie}` },
  });
  if (exchange.status !== 200) throw new Error(`the code exchange answered ${exchange.status}: ${await exchange.text()}`);
}

async function status(baseURL: string, auth: Auth): Promise<THubspotStatus['sync'] | undefined> {
  try {
    const res = await fetch(`${baseURL}/api/hubspot/status`, { headers: { cookie: auth.cookie } });
    return res.status === 200 ? ((await res.json()) as THubspotStatus).sync : undefined;
  } catch {
    return undefined;
  }
}

/** An import's job may be taken over after a kill this many times: its fifth attempt killed would end it failed. */
const KILLS_PER_IMPORT = 3;

/**
 * A first HubSpot import (the admin connects the demo workspace to the stand-in the HubSpot bench
 * uses, 100 requests per 10 s) killed when a seeded number of records is done, restarted, and
 * killed again once it moves, up to three times; then a fresh portal into a fresh workspace, until
 * the kills are made. Each import must end done with every HubSpot record once (counts by HubSpot
 * id equal the portal's) and one full sync job that ended done.
 */
export async function importsKind(fresh: (round: number) => Promise<Target>, o: KindOptions): Promise<KindSummary> {
  const s = emptySummary('imports');
  const records = PORTAL.deals + PORTAL.companies + PORTAL.contacts;
  let round = 0;
  for (let run = 1; round < o.kills; run++) {
    const hs = await startFakeHubspot();
    seedPortal(hs, PORTAL, [ADMIN, 'vikram@acme.example', 'rahul@acme.example']);
    const target = await fresh(run);
    target.env = {
      ...target.env,
      HUBSPOT_CLIENT_ID: hs.clientId,
      HUBSPOT_CLIENT_SECRET: hs.clientSecret,
      HUBSPOT_API_BASE: hs.url,
      HUBSPOT_AUTHORIZE_URL: `${hs.url}/oauth/authorize`,
    };
    try {
      let server = await startOn(target);
      const auth = await signInThroughOutbox(server.baseURL, target.dataDir, ADMIN);
      let from = performance.now();
      await connect(server.baseURL, auth);
      let ended: THubspotStatus['sync'] | undefined;
      for (let k = 0; k < KILLS_PER_IMPORT && round < o.kills; k++) {
        round++;
        const random = seededRandom(o.seed * 1000 + 300 + round);
        // By records handled: the card's percent moves by steps of uneven size.
        const killAtRecords = Math.round((0.1 + random() * 0.75) * records);
        const atKill = await poll(
          async () => {
            const sync = await status(server.baseURL, auth);
            return sync && (sync.done >= killAtRecords || sync.state === 'done' || sync.state === 'failed') ? sync : undefined;
          },
          FINAL_TIMEOUT_MS,
          100,
        );
        const killAfterMs = Math.round(performance.now() - from);
        await killHard(server);
        const killedAt = performance.now();
        server = await startOn(target);
        // Moving again: the count changes from what it was at the kill (a restarted import starts lower).
        const moving = await poll(
          async () => {
            const sync = await status(server.baseURL, auth);
            return sync && (sync.state !== 'running' || sync.done !== atKill?.done) ? sync : undefined;
          },
          FINAL_TIMEOUT_MS,
          250,
        );
        from = performance.now();
        const movingMs = from - killedAt;
        s.kills.push({
          round,
          killAfterMs,
          inFlight: atKill?.state === 'running' ? 1 : 0,
          acknowledgedBefore: atKill?.done ?? 0,
          timeToHealthyMs: server.timeToHealthyMs,
          recoveryMs: moving ? movingMs : undefined,
          detail:
            `import ${run}: killed at ${atKill?.done ?? '?'} records, ${atKill?.percent ?? '?'} % (${atKill?.phase ?? atKill?.state}; ` +
            `aimed at ${killAtRecords}); ${moving?.state === 'running' ? 'moving again' : (moving?.state ?? 'no answer')} ` +
            `${Math.round(movingMs / 1000)} s after the kill`,
        });
        o.log(`  imports round ${round}: ${s.kills.at(-1)!.detail}; healthy again in ${Math.round(server.timeToHealthyMs)} ms`);
        if (moving?.state === 'done' || moving?.state === 'failed') {
          ended = moving;
          break;
        }
      }
      ended ??= await poll(
        async () => {
          const sync = await status(server.baseURL, auth);
          return sync && (sync.state === 'done' || sync.state === 'failed') ? sync : undefined;
        },
        FINAL_TIMEOUT_MS,
        250,
      );
      s.acknowledged++;
      s.checked++;
      s.notes.push(
        `import ${run}: ended ${ended?.state ?? 'never'} ${Math.round((performance.now() - from) / 1000)} s after the last restart`,
      );
      if (!ended || ended.state !== 'done') {
        s.jobsStuck++;
        s.problems.push(`import ${run}: ended ${ended?.state ?? 'never'}: ${ended?.message ?? ''}`);
      }
      await server.stop();
      await withSql(target, async (sql) => {
        for (const [table, expected] of Object.entries(PORTAL)) {
          const [row] = await sql.query<{ n: number; ids: number }>(
            `select count(*)::int as n, count(distinct external_id)::int as ids from ${table} where external_id is not null`,
          );
          const lost = Math.max(0, expected - row!.ids);
          s.lost += lost;
          s.duplicated += row!.n - row!.ids;
          s.notes.push(`import ${run}: ${table} ${row!.n} rows, ${row!.ids} HubSpot ids, portal ${expected}`);
          if (lost || row!.n !== row!.ids)
            s.problems.push(`import ${run}: ${table} ${row!.n} rows, ${row!.ids} HubSpot ids, portal ${expected}`);
        }
        const jobs = await sql.query<{ status: string; attempts: number }>(
          `select status, attempts from jobs where type = 'hubspot.sync' and (payload->>'full')::boolean order by id`,
        );
        s.jobsTotal++;
        if (jobs.length === 1 && jobs[0]!.status === 'done') s.jobsFinishedOnce++;
        else s.problems.push(`import ${run}: full sync jobs ${JSON.stringify(jobs)}`);
        s.notes.push(`import ${run}: full sync job attempts ${jobs.map((j) => j.attempts).join(', ')}`);
      });
    } finally {
      await hs.close();
      if (!target.databaseUrl) fs.rmSync(target.dataDir, { recursive: true, force: true });
    }
  }
  return s;
}

export const freshDataDir = (): Target => ({ dataDir: tempDataDir('crash-imports'), env: {} });
