import fs from 'node:fs';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { REPO_ROOT } from '../../e2e/support/pipewise-server';
import { signInThroughOutbox } from '../lib/sign-in';
import { ADMIN, type KindOptions } from './crash-edits';
import {
  call,
  checkStorage,
  emptySummary,
  filesUnder,
  killHard,
  seededRandom,
  sleep,
  startOn,
  upload,
  withSql,
  type Answer,
  type Auth,
  type KindSummary,
  type Target,
} from './crash-support';

/** The demo's spoken call (253 KB, 62.6 s): a small real video. */
export const CALL_VIDEO = path.join(REPO_ROOT, 'apps/server/src/cli/seed-media/demo-call.mp4');
const FAST_UPLOADERS = 3;
const SLOW_UPLOADERS = 3;
/** A slow uploader's pace: about 0.6 s for the call, so a kill finds some halfway. */
const SLOW_PACE = { chunkBytes: 16 * 1024, pauseMs: 35 };

type Sent = { title: string; answer?: Answer };
type Video = { id: string; title: string; size_bytes: number | null; s3_url: string | null };

export async function uploadTarget(baseURL: string, auth: Auth): Promise<{ deal_id: string; pipeline_id: string }> {
  const options = (await call(baseURL, auth, 'GET', '/api/videos/deals?limit=1')).body as { id: string; pipeline_id: string }[];
  return { deal_id: options[0]!.id, pipeline_id: options[0]!.pipeline_id };
}

/**
 * Recordings uploaded (POST /api/videos/upload, the upload dialog's multipart form) by uploaders
 * at full speed and slowly, killed at a seeded moment. The API role only (ROLE=api): every upload
 * queues a transcription, which this kind leaves alone (the jobs kind kills those).
 */
export async function uploadsKind(target: Target, o: KindOptions): Promise<KindSummary> {
  const s = emptySummary('uploads');
  const video = fs.readFileSync(CALL_VIDEO);
  let server = await startOn(target);
  const auth = await signInThroughOutbox(server.baseURL, target.dataDir, ADMIN);
  const where = await uploadTarget(server.baseURL, auth);
  const uploads = path.join(target.dataDir, 'uploads');
  const afterRestart: { round: number; files: string[]; unanswered: string[] }[] = [];

  for (let round = 1; round <= o.kills; round++) {
    const random = seededRandom(o.seed * 1000 + 100 + round);
    const killAfterMs = Math.round(1000 + random() * 4000);
    const sent: Sent[] = [];
    let stop = false;
    let inFlight = 0;
    const base = server.baseURL;
    const uploader = async (u: number, slow: boolean) => {
      for (let seq = 1; !stop; seq++) {
        const one: Sent = { title: `Crash upload r${round} u${u} #${seq}` };
        sent.push(one);
        inFlight++;
        one.answer = await upload(base, auth, { ...where, upload_type: 'file', title: one.title }, video, slow ? SLOW_PACE : undefined);
        inFlight--;
        if (one.answer.status <= 0) return;
        if (one.answer.status !== 201) s.problems.push(`round ${round}: upload answered ${one.answer.status}`);
      }
    };
    const started = performance.now();
    const running = [
      ...Array.from({ length: FAST_UPLOADERS }, (_v, u) => uploader(u, false)),
      ...Array.from({ length: SLOW_UPLOADERS }, (_v, u) => uploader(FAST_UPLOADERS + u, true)),
    ];
    await sleep(killAfterMs - (performance.now() - started));
    const inFlightAtKill = inFlight;
    const acked = () => sent.filter((one) => one.answer?.status === 201);
    const ackedAtKill = acked().length;
    // What the kill leaves before any start-up clean-up runs.
    await killHard(server);
    stop = true;
    await Promise.all(running);
    const leftByKill = filesUnder(uploads).filter((f) => f.endsWith('.part')).length;
    server = await startOn(target);
    // The restart's first sweep (before it answers) finds the killed process and removes what it left.
    const leftAfterRestart = filesUnder(uploads).filter((f) => f.endsWith('.part')).length;
    s.kills.push({
      round,
      killAfterMs,
      inFlight: inFlightAtKill,
      acknowledgedBefore: ackedAtKill,
      timeToHealthyMs: server.timeToHealthyMs,
      detail: `${leftByKill} part files on disk after the kill, ${leftAfterRestart} once restarted`,
    });
    s.acknowledged += acked().length;

    // Every acknowledged upload: its recording, and its media byte for byte.
    for (const one of acked()) {
      const id = (one.answer!.body as Video).id;
      const got = await call(server.baseURL, auth, 'GET', `/api/videos/${id}`);
      s.checked++;
      const row = got.body as Video;
      if (got.status !== 200 || row.title !== one.title) {
        s.lost++;
        s.problems.push(`round ${round}: upload ${id} answered ${got.status} after the restart`);
        continue;
      }
      const media = row.s3_url ? await fetch(new URL(row.s3_url, server.baseURL), { headers: { cookie: auth.cookie } }) : null;
      const bytes = media && media.status === 200 ? Buffer.from(await media.arrayBuffer()) : null;
      if (!bytes || !bytes.equals(video)) {
        s.halfWritten++;
        s.problems.push(`round ${round}: upload ${id}'s media answered ${media?.status ?? 'no URL'} (${bytes?.length ?? 0} bytes)`);
      }
    }
    /** What the restart left in storage, judged at the end against the rows (none is ever removed). */
    afterRestart.push({
      round,
      files: filesUnder(uploads),
      unanswered: sent.filter((one) => one.answer?.status === 0).map((one) => one.title),
    });
    o.log(
      `  uploads round ${round}: killed after ${killAfterMs} ms with ${inFlightAtKill} in flight, ${ackedAtKill} acknowledged, ` +
        `${leftByKill} part files; healthy again in ${Math.round(server.timeToHealthyMs)} ms`,
    );
  }
  await server.stop();
  await withSql(target, async (sql) => {
    const storage = await checkStorage(target, sql);
    s.halfWritten += storage.rowsWithoutFile.length;
    for (const id of storage.rowsWithoutFile) s.problems.push(`recording ${id} has no whole file`);
    for (const f of [...storage.partFiles, ...storage.orphanFiles]) s.problems.push(`left in storage at the end: ${f}`);
    // Each left-over file counts once, in the round whose kill left it.
    const seen = new Set<string>();
    for (const { round, files, unanswered } of afterRestart) {
      const fresh = files.filter((f) => !seen.has(f));
      for (const f of files) seen.add(f);
      const parts = fresh.filter((f) => f.endsWith('.part'));
      const orphans = fresh.filter((f) => !f.endsWith('.part') && !storage.referenced.has(f));
      s.partFiles += parts.length;
      s.orphanFiles += orphans.length;
      for (const f of [...parts, ...orphans]) s.problems.push(`round ${round}: left in storage after the restart: ${f}`);
      const titles = await sql.query<{ title: string; n: number }>(
        `select title, count(*)::int as n from recordings where title like 'Crash upload r${round} %' group by title`,
      );
      const stored = new Map(titles.map((r) => [r.title, r.n]));
      for (const [title, n] of stored) {
        if (n > 1) {
          s.duplicated += n - 1;
          s.problems.push(`round ${round}: ${title} stored ${n} times`);
        }
      }
      s.notes.push(
        `round ${round}: ${unanswered.filter((title) => stored.has(title)).length} of ${unanswered.length} uploads cut off by the ` +
          `kill stored anyway; ${files.length} files after the restart`,
      );
    }
  });
  return s;
}
