import { execFileSync } from 'node:child_process';
import { createReadStream } from 'node:fs';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import { createLocalFileStorage } from '../src/adapters/storage/local-file-storage';
import { organizations, recordings } from '../src/db/schema';
import { createJobRunner } from '../src/jobs/worker';
import { processRecordingJob } from '../src/modules/recordings/recording-jobs';
import { createServices, type Adapters } from '../src/services';
import { recordingMail } from './fakes/recording-mail';
import { handlersOf } from './jobs-fixture';
import { silentLog } from './silent-log';
import { testConfig } from './test-app';
import { createTestDatabase } from './test-db';

/** Spoken clips of Debian's pocketsphinx-testdata (LibriVox, with reference transcripts). */
export const LIBRIVOX_DIR = '/usr/share/pocketsphinx/test/data/librivox';
export const librivoxClip = (n: '0870' | '0880' | '0890' | '0920' | '0930') =>
  path.join(LIBRIVOX_DIR, `sense_and_sensibility_01_austen_64kb-${n}.wav`);

/** An MP4 of the clips one after the other, with a test-pattern picture (or none), made with ffmpeg. */
export function makeSpokenVideo(outPath: string, clips: string[], options: { video?: boolean } = {}): string {
  const list = `${outPath}.txt`;
  fs.writeFileSync(list, clips.map((c) => `file '${c}'`).join('\n'));
  const picture = options.video === false ? [] : ['-f', 'lavfi', '-i', 'testsrc2=size=320x180:rate=10'];
  const maps =
    options.video === false
      ? ['-map', '0:a']
      : ['-map', '1:v', '-map', '0:a', '-shortest', '-c:v', 'libx264', '-preset', 'ultrafast', '-pix_fmt', 'yuv420p'];
  execFileSync('ffmpeg', [
    '-nostdin',
    '-v',
    'error',
    '-y',
    '-f',
    'concat',
    '-safe',
    '0',
    '-i',
    list,
    ...picture,
    ...maps,
    '-c:a',
    'aac',
    '-b:a',
    '48k',
    outPath,
  ]);
  fs.rmSync(list);
  return outPath;
}

/** A video with a picture and no sound track. */
export function makeSilentVideo(outPath: string, seconds: number): string {
  execFileSync('ffmpeg', [
    '-nostdin',
    '-v',
    'error',
    '-y',
    '-f',
    'lavfi',
    '-i',
    `testsrc2=size=320x180:rate=10:duration=${seconds}`,
    '-c:v',
    'libx264',
    '-preset',
    'ultrafast',
    '-pix_fmt',
    'yuv420p',
    outPath,
  ]);
  return outPath;
}

/**
 * A database, storage in a temp DATA_DIR, the services over both and a job runner for the
 * processing job, for processing tests. `env` and `adapters` change the config and adapters.
 */
export async function createProcessingFixture(
  options: { env?: Record<string, string>; adapters?: Partial<Adapters>; leaseMs?: number } = {},
) {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'pipewise-processing-'));
  const config = testConfig(dataDir, options.env);
  const database = await createTestDatabase();
  const storage = createLocalFileStorage(path.join(dataDir, 'uploads'));
  const services = createServices({ config, database, adapters: { mail: recordingMail(), storage, ...options.adapters }, log: silentLog });
  const runner = createJobRunner({
    queue: services.queue,
    jobs: handlersOf(services, processRecordingJob),
    log: silentLog,
    leaseMs: options.leaseMs,
  });
  const [org] = await database.db
    .insert(organizations)
    .values({ name: 'Processing Co', domain: `p${Date.now()}.example` })
    .returning({ id: organizations.id });
  return {
    dataDir,
    database,
    services,
    storage: services.adapters.storage,
    runner,
    organizationId: org!.id,
    /** A recording row (uploaded) with `file` stored as its media, or with only a transcription. */
    async addRecording(input: { file?: string; transcription?: string; title?: string }): Promise<string> {
      const [row] = await database.db
        .insert(recordings)
        .values({
          organizationId: org!.id,
          uploaderEmail: 'rep@p.example',
          title: input.title ?? 'Discovery call',
          uploadType: input.file ? 'file' : 'transcription',
          transcription: input.transcription ?? null,
        })
        .returning({ id: recordings.id });
      if (input.file) {
        const key = `recordings/${row!.id}/media${path.extname(input.file)}`;
        await services.adapters.storage.put(key, createReadStream(input.file), {});
        await database.db.update(recordings).set({ storageKey: key, mediaType: 'video/mp4' }).where(eq(recordings.id, row!.id));
      }
      return row!.id;
    },
    async row(id: string) {
      const [row] = await database.db.select().from(recordings).where(eq(recordings.id, id));
      return row!;
    },
    async close() {
      await database.close();
      fs.rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

export type ProcessingFixture = Awaited<ReturnType<typeof createProcessingFixture>>;
