import type { Readable } from 'node:stream';
import type { FastifyBaseLogger } from 'fastify';
import type { TTranscript } from '@pipewise/contract/transcripts';
import type { TVideo, TVideoDealOption } from '@pipewise/contract/videos';
import { signDirectUpload, verifyDirectUpload } from '../../adapters/storage/direct-upload-token';
import type { FileStorage, StoredObject } from '../../adapters/storage/storage-port';
import type { JobQueue } from '../../jobs/job-queue';
import { HttpError } from '../../lib/http-error';
import { isUuid } from '../../lib/ids';
import type { Caller, Viewer } from '../access/access-rules';
import { assertCan } from '../access/policies';
import type { DealsService } from '../deals/deals-service';
import { parseRange } from './http-range';
import { newMediaKey, storeMedia, writerOfMediaKey } from './media-intake';
import { RECORDING_MESSAGES as M } from './recording-messages';
import type { RecordingLifecycle } from './recording-lifecycle';
import { toVideo } from './recordings-presenter';
import { toTranscript } from './transcript-presenter';
import type { Page, RecordingRecord, RecordingsRepo } from './recordings-repo';

export type RecordingsServiceDeps = {
  repo: RecordingsRepo;
  /** Writes a recording with its processing job, and restarts one, each in one transaction. */
  lifecycle: Pick<RecordingLifecycle, 'file' | 'retry'>;
  deals: Pick<DealsService, 'get'>;
  storage: FileStorage;
  queue: Pick<JobQueue, 'enqueue'>;
  directUploadSecret: Buffer;
  uploadMaxBytes: number;
  log: FastifyBaseLogger;
  /** This process's id, stamped on the names of the media it stores (see newMediaKey). */
  processId?: string;
  /**
   * The ids among these of processes still registered (runtime/processes.ts): the files they
   * write are never removed for their age, only once their process is found stopped.
   */
  registeredProcesses?: (ids: string[]) => Promise<Set<string>>;
};

/** How long a direct-upload URL takes bytes, and how long after that its upload_key may become a video. */
const PUT_TTL_SECONDS = 3600;
const CLAIM_TTL_MS = 24 * 3600 * 1000;
/** An expired upload_key's bytes stay this long more: a claim checked just before the expiry may still be filing them. */
const UNCLAIMED_GRACE_MS = 3600 * 1000;
const CLEANUP_BATCH = 500;

/** What the media route sends: the whole object (200) or a part (206), or 416. */
export type MediaAnswer =
  | { kind: 'unsatisfiable'; size: number }
  | { kind: 'full' | 'partial'; object: StoredObject; size: number; start: number; end: number; mediaType: string; fileName: string };

/** A download name made only of safe characters, ending in the media's extension. */
export function safeFileName(r: Pick<RecordingRecord, 'title' | 'originalName'>, ext: string): string {
  const base = (r.originalName ?? r.title)
    .replace(/\.[A-Za-z0-9]{1,5}$/, '')
    .normalize('NFKD')
    .replace(/[^A-Za-z0-9._ -]+/g, '')
    .trim()
    .replace(/\s+/g, '-')
    .slice(0, 100);
  return `${base || 'recording'}.${ext}`;
}

const EXT_OF: Record<string, string> = {
  'video/mp4': 'mp4',
  'video/quicktime': 'mov',
  'audio/mp4': 'm4a',
  'video/webm': 'webm',
  'video/x-matroska': 'mkv',
  'video/x-msvideo': 'avi',
  'audio/wav': 'wav',
  'audio/mpeg': 'mp3',
};

/** The videos screens' reads and changes; every one answers 404 for a recording the caller cannot see. */
export function createRecordingsService(deps: RecordingsServiceDeps) {
  const { repo, storage } = deps;

  type Listed = { key: string; partial: boolean; writer?: string };
  /** The process that wrote a listed file, when its name says. */
  const writerOf = (f: Listed) => (f.partial ? f.writer : writerOfMediaKey(f.key));

  /** The temporary files among `files`, and the media and snapshots among them nothing refers to. */
  async function leftAmong(files: Listed[]): Promise<Listed[]> {
    const whole = files.filter((f) => !f.partial);
    const unfiled = new Set<string>();
    for (let i = 0; i < whole.length; i += CLEANUP_BATCH) {
      for (const key of await repo.unreferencedKeys(whole.slice(i, i + CLEANUP_BATCH).map((f) => f.key))) unfiled.add(key);
    }
    return files.filter((f) => f.partial || unfiled.has(f.key));
  }

  async function remove(files: Listed[]): Promise<{ partial: number; unfiled: number }> {
    for (const f of files) await storage.delete(f.key);
    const partial = files.filter((f) => f.partial).length;
    return { partial, unfiled: files.length - partial };
  }

  /**
   * What uploads and processing cut short by a stopped process (a crash, a kill) left in storage
   * and last wrote before `before`: temporary files of unfinished writes, and media or snapshots
   * no recording or pending direct upload refers to (stored, but the row never written). Every
   * write to storage ends with its row moments later, so a file left alone since `before` that
   * nothing refers to never will be. Files written by a process still registered are kept, however
   * old (a slow upload): they go once it is found stopped (removeFilesOf). Returns how many of each were removed.
   */
  async function removeInterruptedUploads(before: Date): Promise<{ partial: number; unfiled: number }> {
    const left = await leftAmong((await storage.listWrittenBefore?.('recordings', before)) ?? []);
    const writers = [...new Set(left.map(writerOf).filter((w): w is string => w !== undefined))];
    const running = new Set<string>();
    for (let i = 0; i < writers.length && deps.registeredProcesses; i += CLEANUP_BATCH) {
      for (const id of await deps.registeredProcesses(writers.slice(i, i + CLEANUP_BATCH))) running.add(id);
    }
    return remove(left.filter((f) => !running.has(writerOf(f) ?? '')));
  }

  /**
   * Removes, whatever their age, the temporary files the given processes (found stopped) left, and
   * the media they stored that nothing refers to (their recording never written).
   */
  async function removeFilesOf(processIds: string[]): Promise<{ partial: number; unfiled: number }> {
    if (processIds.length === 0) return { partial: 0, unfiled: 0 };
    const stopped = new Set(processIds);
    const files = (await storage.listWrittenBefore?.('recordings', new Date())) ?? [];
    return remove(await leftAmong(files.filter((f) => stopped.has(writerOf(f) ?? ''))));
  }

  async function find(viewer: Viewer, id: string): Promise<RecordingRecord> {
    const found = isUuid(id) ? await repo.findVisible(viewer, id) : null;
    if (!found) throw new HttpError(404, M.notFound);
    return found;
  }

  async function findManaged(viewer: Viewer, id: string): Promise<RecordingRecord> {
    const r = await find(viewer, id);
    assertCan(viewer, 'recording.manage', r);
    return r;
  }

  const present = (viewer: Viewer) => (rows: RecordingRecord[]) => rows.map((r) => toVideo(r, viewer));

  return {
    dealOptions: (caller: Caller, pipeline: string | undefined, limit: number): Promise<TVideoDealOption[]> =>
      repo.dealOptions(caller, pipeline, limit),
    mine: async (caller: Caller, page: Page) => present(caller)(await repo.uploadedBy(caller, page)),
    team: async (caller: Caller, page: Page) => present(caller)(await repo.below(caller, page)),
    async forDeal(caller: Caller, dealId: number, page: Page): Promise<TVideo[]> {
      await deps.deals.get(caller, dealId);
      return present(caller)(await repo.forDeal(caller, dealId, page));
    },
    get: async (caller: Caller, id: string) => toVideo(await find(caller, id), caller),
    /** The transcript's segments and speakers, for whoever sees the recording (404 otherwise). */
    async transcript(caller: Caller, id: string): Promise<TTranscript> {
      const r = await find(caller, id);
      const [segments, speakers] = await Promise.all([repo.segmentsOf(r.id), repo.speakersOf(r.id)]);
      return toTranscript(segments, speakers);
    },

    async media(caller: Caller, id: string, rangeHeader: string | undefined): Promise<MediaAnswer> {
      const r = await find(caller, id);
      const info = r.storageKey ? await storage.stat(r.storageKey) : null;
      if (!r.storageKey || !info) throw new HttpError(404, M.noMedia);
      const range = parseRange(rangeHeader, info.size);
      if (range.kind === 'unsatisfiable') return { kind: 'unsatisfiable', size: info.size };
      const [start, end] = range.kind === 'partial' ? [range.start, range.end] : [0, info.size - 1];
      const object = await storage.get(r.storageKey, range.kind === 'partial' ? { start, end } : undefined);
      if (!object) throw new HttpError(404, M.noMedia);
      const mediaType = r.mediaType ?? 'application/octet-stream';
      return { kind: range.kind, object, size: info.size, start, end, mediaType, fileName: safeFileName(r, EXT_OF[mediaType] ?? 'bin') };
    },

    async snapshot(caller: Caller, id: string, n: number): Promise<Readable> {
      const r = await find(caller, id);
      const key = r.snapshotKeys[n];
      const object = key ? await storage.get(key) : null;
      if (!object) throw new HttpError(404, M.snapshotNotFound);
      return object.body;
    },

    /** Removes the stored media and snapshots first: a failure there leaves the video to delete again, not files nobody owns. */
    async remove(caller: Caller, id: string): Promise<void> {
      const r = await findManaged(caller, id);
      for (const key of [r.storageKey, ...r.snapshotKeys]) if (key) await storage.delete(key);
      await repo.delete(caller.organizationId, r.id);
    },

    async retry(caller: Caller, id: string): Promise<TVideo> {
      const r = await findManaged(caller, id);
      // The restart and its job in one transaction: a Retry never leaves a recording processing without a job.
      if (!(await deps.lifecycle.retry(caller.organizationId, r.id))) throw new HttpError(409, M.retryOnlyFailed);
      return toVideo((await repo.findVisible(caller, r.id))!, caller);
    },

    /** generate-presigned-url: where to PUT the bytes, and the upload_key that files them as a video afterwards. */
    async presign(caller: Caller, fileName: string) {
      const key = newMediaKey();
      const { url, headers } = await storage.presignPut(key, { expiresInSeconds: PUT_TTL_SECONDS, uploaderId: caller.id });
      const claimExpiresAt = Date.now() + CLAIM_TTL_MS;
      await repo.recordDirectUpload(caller.organizationId, key, new Date(claimExpiresAt));
      const uploadKey = signDirectUpload(deps.directUploadSecret, {
        key,
        uploaderId: caller.id,
        expiresAt: claimExpiresAt,
        purpose: 'claim',
        fileName: fileName.slice(0, 255),
      });
      return {
        upload_url: url,
        upload_key: uploadKey,
        method: 'PUT' as const,
        headers,
        expires_at: new Date(Date.now() + PUT_TTL_SECONDS * 1000).toISOString(),
      };
    },

    /** PUT /api/videos/direct-upload/{token} (local storage): the bytes, checked as an upload's, into the granted key. */
    async directUpload(caller: Caller, token: string, body: Readable) {
      const grant = verifyDirectUpload(deps.directUploadSecret, token, 'put');
      if (!grant || grant.uploaderId !== caller.id) throw new HttpError(403, M.uploadKeyInvalid);
      if (await storage.stat(grant.key)) throw new HttpError(409, M.uploadLinkUsed);
      const stored = await storeMedia(storage, body, deps.uploadMaxBytes, grant.key);
      return { size_bytes: stored.size, media_type: stored.mediaType };
    },

    /**
     * Removes from storage the bytes of direct uploads that never became a video, once their
     * upload_key has expired (and a grace period has passed); returns how many were removed.
     */
    async removeUnclaimedUploads(now = new Date()): Promise<number> {
      const before = new Date(now.getTime() - UNCLAIMED_GRACE_MS);
      let removed = 0;
      for (;;) {
        const batch = await repo.expiredDirectUploads(before, CLEANUP_BATCH);
        for (const upload of batch) {
          if (upload.claimed) continue;
          await storage.delete(upload.storageKey);
          removed += 1;
        }
        await repo.forgetDirectUploads(batch.map((u) => u.storageKey));
        if (batch.length < CLEANUP_BATCH) break;
      }
      const interrupted = await removeInterruptedUploads(before);
      return removed + interrupted.partial + interrupted.unfiled;
    },

    removeInterruptedUploads,
    removeFilesOf,
  };
}

export type RecordingsService = ReturnType<typeof createRecordingsService>;
