import { execFileSync } from 'node:child_process';
import { createReadStream } from 'node:fs';
import fs from 'node:fs';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import pino from 'pino';
import { createLocalFileStorage } from '../../apps/server/src/adapters/storage/local-file-storage';
import { snapshotTimes } from '../../apps/server/src/adapters/media/snapshot-times';
import { createPocketsphinxStt } from '../../apps/server/src/adapters/stt/pocketsphinx-stt';
import { loadConfig } from '../../apps/server/src/config';
import { runMigrations } from '../../apps/server/src/db/migrate';
import { openPglite } from '../../apps/server/src/db/pglite-driver';
import { organizations, recordings } from '../../apps/server/src/db/schema';
import { MAX_SNAPSHOTS } from '../../apps/server/src/modules/recordings/recording-processor-media';
import { processRecording } from '../../apps/server/src/modules/recordings/recording-processor';
import { createProcessingRepo } from '../../apps/server/src/modules/recordings/recording-processor-repo';
import { createServices } from '../../apps/server/src/services';
import { median, ms, tempDataDir, type Bench } from '../lib/bench';
import { markdownTable } from '../lib/results';
import { handRun } from './hand-run';
import { wordErrors, words } from './word-error-rate';

const LIBRIVOX = '/usr/share/pocketsphinx/test/data/librivox';
const RUNS = 3;
const clipPath = (id: string) => path.join(LIBRIVOX, `${id}.wav`);

/** About a minute of speech (the testdata clips twice, plus two) with a test-pattern picture, as an uploaded MP4. */
function buildInput(dir: string): { file: string; seconds: number } {
  const ids = fs.readFileSync(path.join(LIBRIVOX, 'fileids'), 'utf8').split('\n').filter(Boolean);
  const list = path.join(dir, 'list.txt');
  fs.writeFileSync(list, [...ids, ...ids, ids[0]!, ids[3]!].map((id) => `file '${clipPath(id)}'`).join('\n'));
  const wav = path.join(dir, 'speech.wav');
  execFileSync('ffmpeg', ['-nostdin', '-v', 'error', '-y', '-f', 'concat', '-safe', '0', '-i', list, '-c:a', 'pcm_s16le', wav]);
  const seconds = Number(execFileSync('ffprobe', ['-v', 'error', '-show_entries', 'format=duration', '-of', 'csv=p=0', wav]).toString());
  const file = path.join(dir, 'meeting.mp4');
  execFileSync('ffmpeg', [
    '-nostdin',
    '-v',
    'error',
    '-y',
    '-i',
    wav,
    '-f',
    'lavfi',
    '-i',
    `testsrc2=size=640x360:rate=25:duration=${seconds}`,
    '-map',
    '1:v',
    '-map',
    '0:a',
    '-c:v',
    'libx264',
    '-preset',
    'veryfast',
    '-pix_fmt',
    'yuv420p',
    '-c:a',
    'aac',
    '-b:a',
    '64k',
    '-t',
    String(seconds),
    file,
  ]);
  return { file, seconds };
}

/** Word error rate of pocketsphinx (through the app's adapter) on each testdata clip against its reference transcript. */
async function wordErrorRate() {
  const references = new Map(
    fs
      .readFileSync(path.join(LIBRIVOX, 'transcription'), 'utf8')
      .split('\n')
      .filter(Boolean)
      .map((line) => [/\(([^)]+)\)\s*$/.exec(line)![1]!, words(line.replace(/\([^)]+\)\s*$/, ''))] as const),
  );
  const stt = createPocketsphinxStt();
  const clips = [];
  for (const [id, reference] of references) {
    const hypothesis = words((await stt.transcribe(clipPath(id), {})).text);
    clips.push({ id, referenceWords: reference.length, errors: wordErrors(reference, hypothesis), hypothesis: hypothesis.join(' ') });
  }
  const errors = clips.reduce((s, c) => s + c.errors, 0);
  const total = clips.reduce((s, c) => s + c.referenceWords, 0);
  return { wer: errors / total, errors, referenceWords: total, clips };
}

async function run() {
  const dataDir = tempDataDir('recordings');
  try {
    const input = buildInput(dataDir);
    const config = loadConfig({
      DATA_DIR: dataDir,
      APP_URL: 'http://localhost:3000',
      ENCRYPTION_KEY: 'b2'.repeat(32),
      LOG_LEVEL: 'silent',
      DEMO_SEED: '0',
    });
    const database = await openPglite(dataDir);
    await runMigrations(database);
    const log = pino({ level: 'silent' });
    const services = createServices({
      config,
      database,
      adapters: { storage: createLocalFileStorage(path.join(dataDir, 'uploads')) },
      log,
    });
    const [org] = await database.db
      .insert(organizations)
      .values({ name: 'Bench', domain: 'bench.example' })
      .returning({ id: organizations.id });
    const [row] = await database.db
      .insert(recordings)
      .values({
        organizationId: org!.id,
        uploaderEmail: 'rep@bench.example',
        title: 'Bench call',
        uploadType: 'file',
        storageKey: 'bench/meeting.mp4',
      })
      .returning({ id: recordings.id });
    await services.adapters.storage.put('bench/meeting.mp4', createReadStream(input.file), {});

    const processor: { totalMs: number; stages: Record<string, number> }[] = [];
    const hand: { totalMs: number; stages: Record<string, number> }[] = [];
    const plan = snapshotTimes(Math.round(input.seconds), config.snapshotEverySeconds, MAX_SNAPSHOTS);
    for (let i = 0; i < RUNS; i++) {
      // Back to a fresh upload: no transcript yet (a known transcript skips speech to text).
      await database.db
        .update(recordings)
        .set({ status: 'uploaded', transcription: null, transcriptStatus: 'pending' })
        .where(eq(recordings.id, row!.id));
      const started = performance.now();
      const processing = {
        ...services.adapters,
        db: database.db,
        repo: createProcessingRepo(database.db),
        snapshotEverySeconds: config.snapshotEverySeconds,
      };
      const context = { log, signal: new AbortController().signal, job: { id: 0, attempt: 1, maxAttempts: 3, lastAttempt: false } };
      const report = await processRecording(row!.id, processing, context);
      processor.push({ totalMs: Math.round(performance.now() - started), stages: report.stages });
      if (report.outcome !== 'ready') throw new Error(`processing ended ${report.outcome}`);
      const handStarted = performance.now();
      const stages = handRun(input.file, dataDir, plan.times);
      hand.push({ totalMs: Math.round(performance.now() - handStarted), stages });
    }
    const [result] = await database.db
      .select({ transcript: recordings.transcription, keyPoints: recordings.keyPoints, snapshots: recordings.snapshotKeys })
      .from(recordings)
      .where(eq(recordings.id, row!.id));
    await database.close();
    const wer = await wordErrorRate();
    return { input, processor, hand, wer, result: result! };
  } finally {
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}

const pct = (x: number) => `${(x * 100).toFixed(1)} %`;

export const recordingsBench: Bench = {
  name: 'recordings-processing',
  title: 'Recording processing: the processor against its tool commands run by hand',
  async run() {
    const { input, processor, hand, wer, result } = await run();
    const processorMs = median(processor.map((r) => r.totalMs));
    const handMs = median(hand.map((r) => r.totalMs));
    const transcriptMs = median(processor.map((r) => r.stages.transcript ?? Number.NaN));
    const stageNames = Object.keys(processor[0]!.stages);
    const rows = [
      { metric: 'input', value: `${input.seconds.toFixed(1)} s of speech, MP4 640x360 H.264 + AAC` },
      { metric: 'processor, whole job (median of 3)', value: ms(processorMs) },
      { metric: 'same commands by hand (median of 3)', value: ms(handMs) },
      { metric: 'ratio processor / by hand (target at most 1.2)', value: (processorMs / handMs).toFixed(2) },
      {
        metric: 'real-time factor of speech to text (pocketsphinx time / audio length)',
        value: (transcriptMs / 1000 / input.seconds).toFixed(3),
      },
      { metric: 'real-time factor of the whole job', value: (processorMs / 1000 / input.seconds).toFixed(3) },
      { metric: `word error rate, pocketsphinx-testdata LibriVox clips (${wer.referenceWords} words)`, value: pct(wer.wer) },
      { metric: 'key points / snapshots made', value: `${result.keyPoints.length} / ${result.snapshots.length}` },
    ];
    const table = {
      columns: ['stage', 'processor (median)', 'by hand (median)'],
      rows: stageNames.map((s) => [
        s,
        ms(median(processor.map((r) => r.stages[s] ?? 0))),
        hand[0]!.stages[s] === undefined ? '-' : ms(median(hand.map((r) => r.stages[s]!))),
      ]),
    };
    const notes =
      'processRecording() on a stored upload (PGlite, local storage), timed per stage, against ffprobe, ffmpeg (audio), ' +
      'pocketsphinx_continuous and ffmpeg (snapshots) with the same arguments run one after the other with execFileSync. ' +
      'The word error rate runs the pocketsphinx adapter on each clip of pocketsphinx-testdata ' +
      'against the reference transcripts shipped with it.';
    const report = [
      ...markdownTable(
        ['clip', 'reference words', 'errors', 'pocketsphinx heard'],
        wer.clips.map((c) => [c.id, String(c.referenceWords), String(c.errors), c.hypothesis]),
      ),
      '',
    ];
    return { rows, table, notes, report, data: { inputSeconds: input.seconds, processor, hand, wer, transcript: result.transcript } };
  },
};
