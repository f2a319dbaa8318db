import { performance } from 'node:perf_hooks';
import { signInThroughOutbox } from '../lib/sign-in';
import {
  call,
  emptySummary,
  killHard,
  seededRandom,
  sleep,
  startOn,
  withSql,
  type Answer,
  type Auth,
  type KindSummary,
  type Target,
} from './crash-support';

export type KindOptions = { kills: number; seed: number; log: (line: string) => void };

/** The demo workspace's admin: sees and edits every deal. */
export const ADMIN = 'asha@acme.example';
const WORKERS = 12;
const DEALS_PER_WORKER = 2;

type DealBody = { deal_id: string; dealname: string; nextsteps: string | null; amount: string | null; version: number };
type Value = { nextsteps: string | null; amount: string | null };
type Op = {
  kind: 'edit' | 'create';
  worker: number;
  seq: number;
  dealId?: string;
  name?: string;
  sent: Value;
  answer?: Answer;
};

const acked = (op: Op) => op.answer !== undefined && op.answer.status >= 200 && op.answer.status < 300;
/** Sent, and the connection broke before an answer: the write may or may not have happened. */
const unknown = (op: Op) => op.answer === undefined || op.answer.status === 0;
const same = (a: Value, b: Value) => a.nextsteps === b.nextsteps && Number(a.amount) === Number(b.amount);

/**
 * Concurrent deal edits (PUT deal/{id}) and creates (POST deal/) as the deals screen sends them,
 * killed at a seeded moment. Each worker owns its deals and sends one request at a time, so after
 * the restart a deal must hold its last acknowledged edit, or the one write in flight after it;
 * nextsteps and amount always from the same write.
 */
export async function editsKind(target: Target, o: KindOptions): Promise<KindSummary> {
  const s = emptySummary('edits');
  let server = await startOn(target);
  const auth: Auth = await signInThroughOutbox(server.baseURL, target.dataDir, ADMIN);
  const list = await call(server.baseURL, auth, 'GET', '/api/deal/get-deals-user-hierarchy?page_size=50');
  const deals = (list.body as { data: DealBody[] }).data.slice(0, WORKERS * DEALS_PER_WORKER);
  if (deals.length < WORKERS * DEALS_PER_WORKER) throw new Error(`the admin sees ${deals.length} deals`);
  const stages = (await call(server.baseURL, auth, 'GET', '/api/deal/get-deal-stages')).body as {
    data: { results: { pipelineId: string; stages: { stageId: string }[] }[] };
  };
  const pipeline = stages.data.results[0]!;
  /** What each deal held when last checked. */
  const confirmed = new Map<string, Value>(deals.map((d) => [d.deal_id, { nextsteps: d.nextsteps, amount: d.amount }]));
  const allCreates: Op[] = [];

  for (let round = 1; round <= o.kills; round++) {
    const random = seededRandom(o.seed * 1000 + round);
    const killAfterMs = Math.round(3000 + random() * 7000);
    const ops: Op[] = [];
    let stop = false;
    let inFlight = 0;
    const base = server.baseURL;
    const worker = async (w: number) => {
      const mine = deals.slice(w * DEALS_PER_WORKER, (w + 1) * DEALS_PER_WORKER);
      for (let seq = 1; !stop; seq++) {
        const amount = `${round}${w}${seq}.${String(seq % 100).padStart(2, '0')}`;
        const op: Op =
          random() < 0.3
            ? {
                kind: 'create',
                worker: w,
                seq,
                name: `Crash r${round} w${w} #${seq}`,
                sent: { nextsteps: `c-${round}-${w}-${seq}`, amount },
              }
            : {
                kind: 'edit',
                worker: w,
                seq,
                dealId: mine[seq % mine.length]!.deal_id,
                sent: { nextsteps: `e-${round}-${w}-${seq}`, amount },
              };
        ops.push(op);
        inFlight++;
        op.answer =
          op.kind === 'create'
            ? await call(base, auth, 'POST', '/api/deal/', {
                dealname: op.name,
                pipeline: pipeline.pipelineId,
                dealstage: pipeline.stages[0]!.stageId,
                ...op.sent,
              })
            : await call(base, auth, 'PUT', `/api/deal/${op.dealId}`, op.sent);
        inFlight--;
        if (op.answer.status <= 0) return; // the server has gone
        if (!acked(op)) s.problems.push(`round ${round}: ${op.kind} answered ${op.answer.status}: ${JSON.stringify(op.answer.body)}`);
      }
    };
    const started = performance.now();
    const workers = Array.from({ length: WORKERS }, (_v, w) => worker(w));
    await sleep(killAfterMs - (performance.now() - started));
    const inFlightAtKill = inFlight;
    const ackedAtKill = ops.filter(acked).length;
    await killHard(server);
    stop = true;
    await Promise.all(workers);
    server = await startOn(target);
    s.kills.push({
      round,
      killAfterMs,
      inFlight: inFlightAtKill,
      acknowledgedBefore: ackedAtKill,
      timeToHealthyMs: server.timeToHealthyMs,
    });
    s.acknowledged += ops.filter(acked).length;

    // Every deal: its last acknowledged edit, or a write in flight after it; both fields from one write.
    for (const deal of deals) {
      const mine = ops.filter((op) => op.kind === 'edit' && op.dealId === deal.deal_id);
      const lastAcked = mine.findLastIndex(acked);
      const expected = lastAcked >= 0 ? mine[lastAcked]! : undefined;
      const candidates: Value[] = [
        expected ? (expected.answer!.body as { data: DealBody }).data : confirmed.get(deal.deal_id)!,
        ...mine
          .slice(lastAcked + 1)
          .filter(unknown)
          .map((op) => op.sent),
      ];
      const got = (await call(server.baseURL, auth, 'GET', `/api/deal/get_deal_by_id/${deal.deal_id}`)).body as { data: DealBody };
      if (expected) s.checked++;
      const now: Value = { nextsteps: got.data.nextsteps, amount: got.data.amount };
      if (candidates.some((c) => same(c, now))) {
        if (expected && got.data.version < (expected.answer!.body as { data: DealBody }).data.version) {
          s.lost++;
          s.problems.push(`round ${round}: deal ${deal.deal_id} went back to version ${got.data.version}`);
        }
      } else if (candidates.some((c) => c.nextsteps === now.nextsteps || Number(c.amount) === Number(now.amount))) {
        s.halfWritten++;
        s.problems.push(`round ${round}: deal ${deal.deal_id} holds ${JSON.stringify(now)}, parts of two writes`);
      } else {
        s.lost++;
        s.problems.push(`round ${round}: deal ${deal.deal_id} holds ${JSON.stringify(now)}, expected ${JSON.stringify(candidates)}`);
      }
      confirmed.set(deal.deal_id, now);
    }
    // Every acknowledged create, read back by its id.
    const creates = ops.filter((op) => op.kind === 'create');
    allCreates.push(...creates);
    for (const op of creates.filter(acked)) {
      const made = (op.answer!.body as { data: DealBody }).data;
      const got = await call(server.baseURL, auth, 'GET', `/api/deal/get_deal_by_id/${made.deal_id}`);
      s.checked++;
      const deal = (got.body as { data?: DealBody }).data;
      if (got.status !== 200 || !deal) {
        s.lost++;
        s.problems.push(`round ${round}: created deal ${made.deal_id} (${op.name}) answered ${got.status} after the restart`);
      } else if (deal.dealname !== op.name || !same(deal, made)) {
        s.halfWritten++;
        s.problems.push(`round ${round}: created deal ${made.deal_id} holds ${JSON.stringify(deal)}`);
      }
    }
    o.log(
      `  edits round ${round}: killed after ${killAfterMs} ms with ${inFlightAtKill} in flight, ` +
        `${ackedAtKill} acknowledged; healthy again in ${Math.round(server.timeToHealthyMs)} ms`,
    );
  }
  await server.stop();
  // In the database: each create at most once (exactly once when acknowledged), with its own values.
  await withSql(target, async (sql) => {
    const rows = await sql.query<{ dealname: string; n: number; nextsteps: string[] }>(
      'select dealname, count(*)::int as n, array_agg(nextsteps) as nextsteps from deals ' +
        "where dealname like 'Crash r%' group by dealname",
    );
    const byName = new Map(rows.map((r) => [r.dealname, r]));
    for (const op of allCreates) {
      const row = byName.get(op.name!);
      if (row && row.n > 1) {
        s.duplicated += row.n - 1;
        s.problems.push(`${op.name} stored ${row.n} times`);
      }
      if (row && row.nextsteps.some((n) => n !== op.sent.nextsteps)) {
        s.halfWritten++;
        s.problems.push(`${op.name} stored with nextsteps ${row.nextsteps.join(', ')}`);
      }
      // Counted as lost when read back through the API.
      if (!row && acked(op)) s.problems.push(`${op.name} was acknowledged and is not stored`);
    }
    s.notes.push(
      `${allCreates.filter(acked).length} creates acknowledged, ` +
        `${allCreates.filter((op) => unknown(op) && byName.has(op.name!)).length} of ` +
        `${allCreates.filter(unknown).length} unanswered ones stored`,
    );
  });
  s.notes.push(`${allCreates.length} creates and ${s.acknowledged} acknowledged writes in all`);
  return s;
}
