import fs from 'node:fs';
import { performance } from 'node:perf_hooks';
import { signInThroughOutbox } from '../lib/sign-in';
import { ADMIN, type KindOptions } from './crash-edits';
import {
  call,
  checkStorage,
  emptySummary,
  killHard,
  poll,
  seededRandom,
  sleep,
  startOn,
  upload,
  withSql,
  type Auth,
  type KindSummary,
  type Target,
} from './crash-support';
import { CALL_VIDEO, uploadTarget } from './crash-uploads';

const TITLE = 'Crash bench call';
/** Long enough for a transcription on a busy machine plus a lease that ran out (60 s). */
const FINAL_TIMEOUT_MS = 15 * 60_000;

type Video = {
  id: string;
  status: string;
  transcript_status: string;
  transcription: string | null;
  summary: { summary: string; key_points: string[] } | null;
  sentiment: string | null;
  duration_seconds: number | null;
  snapshots: unknown[];
};

/** What processing made of the call: every run of the same file must end with exactly this. */
const outcomeOf = (v: Video) =>
  JSON.stringify({
    status: v.status,
    transcript: v.transcription,
    summary: v.summary,
    sentiment: v.sentiment,
    duration: v.duration_seconds,
    snapshots: v.snapshots.length,
  });

async function uploadCall(baseURL: string, auth: Auth, where: { deal_id: string; pipeline_id: string }): Promise<string> {
  const answer = await upload(baseURL, auth, { ...where, upload_type: 'file', title: TITLE }, fs.readFileSync(CALL_VIDEO));
  if (answer.status !== 201) throw new Error(`upload answered ${answer.status}: ${JSON.stringify(answer.body)}`);
  return (answer.body as { id: string }).id;
}

const videoOf = async (baseURL: string, auth: Auth, id: string) => (await call(baseURL, auth, 'GET', `/api/videos/${id}`)).body as Video;
const finished = (v: Video) => v.status === 'ready' || v.status === 'failed';

/**
 * Recording processing (the media job of ROLE=all: ffprobe, ffmpeg, pocketsphinx, snapshots,
 * insights) killed at a seeded moment of its run. A first upload processed without a kill is the
 * reference; after each restart the killed one must end the same (one transcript, one summary),
 * with one job that ended done.
 */
export async function jobsKind(target: Target, o: KindOptions): Promise<KindSummary> {
  const s = emptySummary('jobs');
  let server = await startOn(target);
  const auth = await signInThroughOutbox(server.baseURL, target.dataDir, ADMIN);
  const where = await uploadTarget(server.baseURL, auth);

  const referenceId = await uploadCall(server.baseURL, auth, where);
  await poll(
    async () => {
      const v = await videoOf(server.baseURL, auth, referenceId);
      return v.status === 'processing' || finished(v) ? v : undefined;
    },
    FINAL_TIMEOUT_MS,
    100,
  );
  const processingFrom = performance.now();
  const reference = await poll(async () => {
    const v = await videoOf(server.baseURL, auth, referenceId);
    return finished(v) ? v : undefined;
  }, FINAL_TIMEOUT_MS);
  if (!reference || reference.status !== 'ready') throw new Error(`the reference recording ended ${reference?.status ?? 'never'}`);
  const processingMs = performance.now() - processingFrom;
  s.notes.push(
    `reference run: processing took ${Math.round(processingMs)} ms; transcript ${reference.transcription?.length ?? 0} characters`,
  );
  o.log(`  jobs: reference processed in ${Math.round(processingMs)} ms`);
  const ids: string[] = [referenceId];

  // A round whose recording is ready before its kill moment (the machine got quieter) kills nothing: another round follows.
  let misses = 0;
  for (let round = 1; s.kills.length < o.kills && misses <= o.kills; round++) {
    const random = seededRandom(o.seed * 1000 + 200 + round);
    const killAfterMs = Math.round(200 + random() * processingMs * 0.6);
    const id = await uploadCall(server.baseURL, auth, where);
    ids.push(id);
    const started = await poll(
      async () => {
        const v = await videoOf(server.baseURL, auth, id);
        return v.status === 'processing' || finished(v) ? v : undefined;
      },
      FINAL_TIMEOUT_MS,
      50,
    );
    const killAt = performance.now() + killAfterMs;
    let before = await videoOf(server.baseURL, auth, id);
    while (performance.now() < killAt && !finished(before)) {
      await sleep(Math.min(250, killAt - performance.now()));
      before = await videoOf(server.baseURL, auth, id);
    }
    if (finished(before)) {
      misses++;
      s.notes.push(`round ${round}: the recording was ${before.status} before its kill moment (${killAfterMs} ms): no kill`);
      o.log(`  jobs round ${round}: ${before.status} before its kill moment (${killAfterMs} ms): no kill`);
      continue;
    }
    await killHard(server);
    const killedAt = performance.now();
    server = await startOn(target);
    const ended = await poll(
      async () => {
        const v = await videoOf(server.baseURL, auth, id);
        return finished(v) ? v : undefined;
      },
      FINAL_TIMEOUT_MS,
      250,
    );
    const toFinalMs = performance.now() - killedAt;
    s.kills.push({
      round: s.kills.length + 1,
      killAfterMs,
      inFlight: before.status === 'processing' ? 1 : 0,
      acknowledgedBefore: 1,
      timeToHealthyMs: server.timeToHealthyMs,
      recoveryMs: ended ? toFinalMs : undefined,
      detail:
        `killed while ${started?.status === 'processing' ? before.status : 'not yet processing'}; ` +
        `final after ${Math.round(toFinalMs / 1000)} s`,
    });
    s.acknowledged++;
    s.checked++;
    if (!ended) {
      s.jobsStuck++;
      s.problems.push(
        `round ${round}: recording ${id} still ${(await videoOf(server.baseURL, auth, id)).status} after ${FINAL_TIMEOUT_MS / 60_000} min`,
      );
    } else if (outcomeOf(ended) !== outcomeOf(reference)) {
      s.halfWritten++;
      s.problems.push(`round ${round}: recording ${id} ended ${outcomeOf(ended).slice(0, 300)}, unlike the reference`);
    }
    o.log(
      `  jobs round ${round}: killed ${killAfterMs} ms into processing (${before.status}); healthy again in ` +
        `${Math.round(server.timeToHealthyMs)} ms, ${ended?.status ?? 'not finished'} ${Math.round(toFinalMs / 1000)} s after the kill`,
    );
  }
  await server.stop();
  await withSql(target, async (sql) => {
    const storage = await checkStorage(target, sql);
    s.partFiles += storage.partFiles.length;
    s.orphanFiles += storage.orphanFiles.length;
    for (const f of [...storage.partFiles, ...storage.orphanFiles]) s.problems.push(`left in storage: ${f}`);
    for (const [n, id] of ids.slice(1).entries()) {
      const jobs = await sql.query<{ status: string; attempts: number; last_error: string | null }>(
        `select status, attempts, last_error from jobs where type = 'recording.process' and payload->>'recordingId' = $1`,
        [id],
      );
      s.jobsTotal++;
      if (jobs.length === 1 && jobs[0]!.status === 'done') s.jobsFinishedOnce++;
      else s.problems.push(`round ${n + 1}: recording ${id}'s jobs: ${JSON.stringify(jobs)}`);
      if (jobs.length > 1) s.duplicated += jobs.length - 1;
      const [row] = await sql.query<{ pieces: unknown; stages: string[] }>(
        'select transcript_pieces as pieces, completed_stages as stages from recordings where id = $1',
        [id],
      );
      if (row?.pieces !== null) s.problems.push(`round ${n + 1}: recording ${id} kept its transcript pieces`);
      s.notes.push(`round ${n + 1}: job attempts ${jobs.map((j) => j.attempts).join(', ')}; stages ${row?.stages.join(', ')}`);
    }
  });
  // Nothing left running or queued for ever, whatever its type.
  await withSql(target, async (sql) => {
    const open = await sql.query<{ type: string; status: string; n: number }>(
      `select type, status, count(*)::int as n from jobs where status in ('queued', 'running') and run_at < now() group by 1, 2`,
    );
    for (const j of open) s.notes.push(`at the end: ${j.n} ${j.type} ${j.status}`);
    const all = await sql.query<{ status: string; n: number }>('select status, count(*)::int as n from jobs group by 1');
    s.notes.push(`jobs table at the end: ${all.map((j) => `${j.n} ${j.status}`).join(', ')}`);
  });
  return s;
}
