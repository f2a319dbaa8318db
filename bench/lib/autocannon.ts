import os from 'node:os';
import autocannon, { type Options, type Request, type Result } from 'autocannon';
import { signInThroughOutbox } from './sign-in';

/** What the load benches share: one autocannon run as a row of their tables, and the signed-in requests they send. */

export type LoadRun = {
  label: string;
  connections: number;
  seconds: number;
  requestsPerSec: number;
  latencyMs: { p50: number; p90: number; p99: number; max: number };
  requests: number;
  errors: number;
  timeouts: number;
  non2xx: number;
  /**
   * Sent but not answered when the run stopped; autocannon leaves these out of the latencies. Every
   * connection has one in flight at the end, so it equals the connections unless some had been refused.
   */
  unanswered: number;
  /** 1-minute load average when the run started: the machine is shared, so this says how noisy it was. */
  loadAverage: number;
};

/** One autocannon result as a row of a bench's table. */
export function runOf(label: string, connections: number, seconds: number, r: Result, loadAverage: number): LoadRun {
  return {
    label,
    connections,
    seconds,
    requestsPerSec: r.requests.average,
    latencyMs: { p50: r.latency.p50, p90: r.latency.p90, p99: r.latency.p99, max: r.latency.max },
    requests: r.requests.total,
    errors: r.errors,
    timeouts: r.timeouts,
    non2xx: r.non2xx,
    unanswered: Math.max(0, r.requests.sent - r.requests.total - r.errors),
    loadAverage,
  };
}

/** Runs autocannon with `opts` (a `duration` in seconds) and answers its row, with the load average at its start. */
export async function measure(label: string, opts: Options): Promise<LoadRun> {
  const loadAverage = os.loadavg()[0]!;
  return runOf(label, opts.connections ?? 10, opts.duration as number, await autocannon(opts), loadAverage);
}

export const RUN_COLUMNS = [
  'run',
  'connections',
  'req/s',
  'latency p50 / p90 / p99 / max ms',
  'errors / timeouts / non-2xx / unanswered',
  'load avg',
];
export const runRow = (run: LoadRun) => [
  run.label,
  String(run.connections),
  String(Math.round(run.requestsPerSec)),
  `${run.latencyMs.p50} / ${run.latencyMs.p90} / ${run.latencyMs.p99} / ${run.latencyMs.max}`,
  `${run.errors} / ${run.timeouts} / ${run.non2xx} / ${run.unanswered}`,
  run.loadAverage.toFixed(1),
];

export const DEALS_LIST = '/api/deal/get-deals-user-hierarchy';

/** A signed-in user of a bench's server, with the first deal of its list (the one its edits go to). */
export type LoadUser = { email: string; cookie: string; csrf: string; dealId: string };

/** Signs `email` in through the outbox of the server at `baseURL` and reads its deals list once. */
export async function signInLoadUser(baseURL: string, dataDir: string, email: string): Promise<LoadUser> {
  const auth = await signInThroughOutbox(baseURL, dataDir, email);
  const listed = await fetch(`${baseURL}${DEALS_LIST}`, { headers: { cookie: auth.cookie } });
  if (listed.status !== 200) throw new Error(`deals list answered ${listed.status} to ${email}: ${await listed.text()}`);
  const first = ((await listed.json()) as { data: { deal_id: string }[] }).data[0];
  if (!first) throw new Error(`${email} sees no deal`);
  return { email, ...auth, dealId: first.deal_id };
}

/**
 * A request of a cycle; autocannon calls `setupRequest` (with a copy of it) each time a connection is about to send
 * it, and sends what it answers, or on null starts the connection's cycle again from its first request.
 */
export type LoadRequest = Request & { setupRequest?: (req: Request) => Request | null };

/** Headers of a GET as `user`; with `body`, of a JSON write (CSRF token too). */
const headersOf = (user: LoadUser, body = false): Record<string, string> =>
  body ? { cookie: user.cookie, 'content-type': 'application/json', 'x-csrf-token': user.csrf } : { cookie: user.cookie };

/**
 * One request of a cycle, sent as each of `users` in turn (one after the other, each time a connection sends it).
 * `make` builds it for a user; with one user it is built once.
 */
export function asEachUser(users: LoadUser[], make: (user: LoadUser) => Request): LoadRequest {
  if (users.length === 1) return make(users[0]!);
  let next = 0;
  return {
    ...make(users[0]!),
    setupRequest: (req: Request) => ({ ...req, ...make(users[next++ % users.length]!) }),
  };
}

/**
 * The deal requests of the mixed workloads: the deals list, the detail of the user's deal, an edit of it (its next
 * step, PUT with the CSRF token) and the header search.
 */
export function dealRequests(users: LoadUser[], nextsteps: string): LoadRequest[] {
  return [
    asEachUser(users, (u) => ({ method: 'GET', path: DEALS_LIST, headers: headersOf(u) })),
    asEachUser(users, (u) => ({ method: 'GET', path: `/api/deal/get_deal_by_id/${u.dealId}`, headers: headersOf(u) })),
    asEachUser(users, (u) => ({
      method: 'PUT',
      path: `/api/deal/${u.dealId}`,
      headers: headersOf(u, true),
      body: JSON.stringify({ nextsteps }),
    })),
    asEachUser(users, (u) => ({ method: 'GET', path: '/api/search?q=pharma', headers: headersOf(u) })),
  ];
}

/** A GET of `path` as each of `users` in turn. */
export const getAsEachUser = (users: LoadUser[], path: string) =>
  asEachUser(users, (u) => ({ method: 'GET', path, headers: headersOf(u) }));

/**
 * A question (POST /api/chat/sales) as the user whose last question is longest ago, at most `perMinute` a minute
 * each, as people ask them; while none may ask yet, the connection skips it and starts its cycle again (put it last).
 */
export function pacedQuestion(users: LoadUser[], query: string, perMinute: number): LoadRequest {
  const gapMs = 60_000 / perMinute;
  const lastAsked = users.map(() => -Infinity);
  const make = (u: LoadUser): Request => ({
    method: 'POST',
    path: '/api/chat/sales',
    headers: headersOf(u, true),
    body: JSON.stringify({ query }),
  });
  return {
    ...make(users[0]!),
    setupRequest: (req: Request) => {
      const now = Date.now();
      let i = 0;
      for (let j = 1; j < users.length; j++) if (lastAsked[j]! < lastAsked[i]!) i = j;
      if (now - lastAsked[i]! < gapMs) return null;
      lastAsked[i] = now;
      return { ...req, ...make(users[i]!) };
    },
  };
}
