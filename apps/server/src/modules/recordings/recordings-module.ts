import type { FastifyBaseLogger } from 'fastify';
import type { Config } from '../../config';
import type { Db } from '../../db/client';
import { noDriveTokens, type DriveTokenSource } from '../../adapters/google/drive-download';
import { directUploadSecret } from '../../adapters/storage/create-file-storage';
import type { FileStorage } from '../../adapters/storage/storage-port';
import type { JobQueue } from '../../jobs/job-queue';
import { registeredProcesses } from '../../runtime/processes';
import type { DealsService } from '../deals/deals-service';
import { createRecordingLifecycle } from './recording-lifecycle';
import { createRecordingUploads } from './recording-uploads';
import { createRecordingsRepo } from './recordings-repo';
import { createRecordingsService } from './recordings-service';

export type RecordingsModuleDeps = {
  db: Db;
  deals: Pick<DealsService, 'get'>;
  storage: FileStorage;
  queue: Pick<JobQueue, 'enqueue'>;
  masterKey: Buffer;
  config: Pick<Config, 'uploadMaxBytes' | 'googleApiBase'>;
  log: FastifyBaseLogger;
  /** The uploader's Google token for private Drive files, once Google connections exist. */
  driveTokens?: DriveTokenSource;
  /** This process's id (runtime/processes.ts), stamped on the names of the media it stores. */
  processId?: string;
};

/** The videos service and the upload intake over one repository, for the composition root. */
export function createRecordings(deps: RecordingsModuleDeps) {
  const repo = createRecordingsRepo(deps.db);
  const lifecycle = createRecordingLifecycle({ db: deps.db, queue: deps.queue });
  const shared = {
    repo,
    lifecycle,
    deals: deps.deals,
    storage: deps.storage,
    queue: deps.queue,
    directUploadSecret: directUploadSecret(deps.masterKey),
    uploadMaxBytes: deps.config.uploadMaxBytes,
    log: deps.log,
    processId: deps.processId,
    registeredProcesses: (ids: string[]) => registeredProcesses(deps.db, ids),
  };
  return {
    service: createRecordingsService(shared),
    uploads: createRecordingUploads({
      ...shared,
      driveTokens: deps.driveTokens ?? noDriveTokens,
      googleApiBase: deps.config.googleApiBase,
    }),
    uploadMaxBytes: deps.config.uploadMaxBytes,
    /** Processing's start, restart and end when its job cannot: for the recordings' jobs. */
    lifecycle,
  };
}

export type Recordings = ReturnType<typeof createRecordings>;
