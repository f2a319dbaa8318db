import { isUniqueViolation } from '../../lib/db-errors';
import type { Multipart } from '@fastify/multipart';
import type { TVideo } from '@pipewise/contract/videos';
import { DocumentTooLargeError, extractDocumentText, UnreadableDocumentError } from '../../adapters/documents/document-text';
import { DriveDownloadError, openDriveFile, type DriveTokenSource } from '../../adapters/google/drive-download';
import { driveFileId } from '../../adapters/google/drive-link';
import { verifyDirectUpload } from '../../adapters/storage/direct-upload-token';
import { HttpError } from '../../lib/http-error';
import type { Caller } from '../access/access-rules';
import { checkStoredMedia, newMediaKey, storeMedia, type StoredMedia } from './media-intake';
import { RECORDING_MESSAGES as M } from './recording-messages';
import type { ParticipantsService } from './participants-service';
import { toVideo } from './recordings-presenter';
import type { NewRecording } from './recordings-repo';
import type { RecordingsServiceDeps } from './recordings-service';
import { parseTranscript, readableTranscript, TranscriptFormatError, type TranscriptSegment } from './transcript-formats/parse-transcript';
import { checkTarget, type UploadTarget } from './upload-checks';
import { fieldError, readDocument, readField, skip, type UploadedDocument, type UploadFields } from './upload-form';

/** A transcript's segments; a file that cannot be read as its format is refused (400) naming the problem. */
function readTranscript(field: string, text: string, fileName?: string): TranscriptSegment[] {
  try {
    return parseTranscript(text, fileName).segments;
  } catch (error) {
    if (error instanceof TranscriptFormatError) throw fieldError(field, fileName ? `${fileName}: ${error.message}` : error.message);
    throw error;
  }
}

/** What the service has, plus where Drive links are fetched from and with whose token. */
export type UploadDeps = RecordingsServiceDeps & {
  driveTokens: DriveTokenSource;
  googleApiBase: string;
  /** The form's attendees (issue 30), checked before anything is stored and written with the row. */
  participants?: Pick<ParticipantsService, 'fromUploadField' | 'store'>;
};

const DRIVE_MESSAGES: Record<DriveDownloadError['reason'], [number, string]> = {
  private: [400, M.drivePrivate],
  forbidden: [400, M.driveForbidden],
  not_found: [400, M.driveNotFound],
  unavailable: [502, M.driveUnavailable],
};

/**
 * POST /api/videos/upload and /upload-transcription: a file streamed into storage, a Drive file
 * downloaded into storage, or a transcription (text and/or a document's text). The row is
 * written only once the media is stored; a refused or failed upload leaves neither row nor file.
 */
export function createRecordingUploads(deps: UploadDeps) {
  const { storage, uploadMaxBytes } = deps;

  async function fromDrive(caller: Caller, link: string | undefined): Promise<StoredMedia> {
    if (!link?.trim()) throw fieldError('google_drive_link', M.driveRequired);
    const id = driveFileId(link);
    if (!id) throw fieldError('google_drive_link', M.driveLink);
    try {
      const source = await openDriveFile(deps.googleApiBase, id, await deps.driveTokens.accessTokenFor(caller.id));
      return await storeMedia(storage, source, uploadMaxBytes, newMediaKey(deps.processId));
    } catch (error) {
      if (!(error instanceof DriveDownloadError)) throw error;
      const [status, message] = DRIVE_MESSAGES[error.reason];
      throw new HttpError(status, message);
    }
  }

  async function claimDirectUpload(caller: Caller, token: string): Promise<StoredMedia & { fileName: string | undefined }> {
    const grant = verifyDirectUpload(deps.directUploadSecret, token.trim(), 'claim');
    if (!grant || grant.uploaderId !== caller.id) throw fieldError('upload_key', M.uploadKeyInvalid);
    if (await deps.repo.storageKeyInUse(grant.key)) throw fieldError('upload_key', M.uploadKeyUsed);
    return { ...(await checkStoredMedia(storage, grant.key, uploadMaxBytes)), fileName: grant.fileName };
  }

  /**
   * The typed text and the document read as transcripts (WebVTT, SRT, Zoom's and Meet's transcripts,
   * "Name: text" lines or plain text): the readable text the row keeps, and the segments with their
   * times and speakers, kept as the row's one transcript piece until processing stores them.
   */
  async function transcriptOf(
    fields: UploadFields,
    doc: UploadedDocument | undefined,
  ): Promise<Pick<NewRecording, 'transcription' | 'transcriptPieces'>> {
    const segments: TranscriptSegment[] = [];
    const typed = fields.transcription_text?.trim();
    if (typed) segments.push(...readTranscript('transcription_text', typed));
    if (doc) {
      let text: string;
      try {
        text = await extractDocumentText(doc.ext, doc.data);
      } catch (error) {
        if (error instanceof UnreadableDocumentError) throw fieldError('document_file', M.unreadableDocument(doc.name));
        if (error instanceof DocumentTooLargeError) throw new HttpError(413, M.documentUnpacksTooLarge(doc.name, error.maxBytes));
        throw error;
      }
      if (!text) throw fieldError('document_file', M.emptyDocument(doc.name));
      // The dialog also reads a .txt into the text box: the same words are kept once.
      if (text !== typed?.replace(/\r\n?/g, '\n')) segments.push(...readTranscript('document_file', text, doc.name));
    }
    if (segments.length === 0) throw fieldError('transcription_text', M.transcriptionRequired);
    const transcription = readableTranscript(segments);
    return { transcription, transcriptPieces: [{ start: 0, seconds: 0, text: transcription, segments }] };
  }

  function rowOf(caller: Caller, target: UploadTarget, extra: Pick<NewRecording, 'title'> & Partial<NewRecording>): NewRecording {
    return {
      organizationId: caller.organizationId,
      uploadedBy: caller.id,
      uploaderEmail: caller.email,
      dealId: target.dealId,
      pipelineId: target.pipelineId,
      uploadType: target.uploadType,
      meetLink: target.meetLink,
      status: 'uploaded',
      ...extra,
    };
  }

  return {
    async receive(caller: Caller, parts: AsyncIterable<Multipart>): Promise<TVideo> {
      const fields: UploadFields = {};
      let media: (StoredMedia & { fileName: string | undefined }) | undefined;
      let doc: UploadedDocument | undefined;
      let target: Promise<UploadTarget> | undefined;
      const targetOnce = () => (target ??= checkTarget(caller, fields, deps.deals));
      let stored = false;
      // A direct upload's file was stored by its own request: a refusal here leaves it to be claimed again.
      let claimed = false;
      try {
        for await (const part of parts) {
          if (part.type === 'field') {
            readField(fields, part);
          } else if (part.fieldname === 'file') {
            if (media) {
              skip(part.file);
              throw new HttpError(400, M.oneFile);
            }
            // With the form's fields ahead of the file (as browsers send them), refuse before storing a byte.
            if (fields.deal_id !== undefined && fields.upload_type !== undefined) await targetOnce();
            media = {
              ...(await storeMedia(storage, part.file, uploadMaxBytes, newMediaKey(deps.processId))),
              fileName: part.filename || undefined,
            };
          } else if (part.fieldname === 'document_file') {
            doc = await readDocument(part);
          } else {
            skip(part.file);
            throw new HttpError(400, M.unexpectedFile(part.fieldname));
          }
        }
        const t = await targetOnce();
        const attendees = (await deps.participants?.fromUploadField(caller, fields.attendees, t.dealId)) ?? [];
        let row: NewRecording;
        if (t.uploadType === 'transcription') {
          if (media || fields.upload_key) throw new HttpError(400, M.fileForOtherMethod);
          const transcript = await transcriptOf(fields, doc);
          const title = t.title ?? (doc ? `Document: ${doc.name}` : 'Direct Transcription Input');
          row = rowOf(caller, t, { title, ...transcript, transcriptStatus: 'available', originalName: doc?.name ?? null });
        } else {
          if (t.uploadType === 'drive') {
            if (media || fields.upload_key) throw new HttpError(400, M.fileForOtherMethod);
            media = { ...(await fromDrive(caller, fields.google_drive_link)), fileName: undefined };
          } else if (fields.upload_key) {
            if (media) throw new HttpError(400, M.oneFile);
            media = await claimDirectUpload(caller, fields.upload_key);
            claimed = true;
          }
          if (!media) throw fieldError('file', M.fileRequired);
          const fallback = t.uploadType === 'drive' ? 'Google Drive video' : 'Untitled Video';
          const title = t.title ?? media.fileName?.slice(0, 300) ?? fallback;
          row = rowOf(caller, t, {
            title,
            storageKey: media.key,
            mediaType: media.mediaType,
            sizeBytes: media.size,
            originalName: media.fileName?.slice(0, 255) ?? null,
          });
        }
        let id: string;
        try {
          // The row and its processing job in one transaction: never an uploaded recording without a job.
          id = await deps.lifecycle.file(row, (tx, recordingId) =>
            deps.participants ? deps.participants.store(tx, caller.organizationId, recordingId, attendees) : Promise.resolve(),
          );
        } catch (error) {
          // Another upload claimed the same file between the check above and this insert: the file is its.
          if (claimed && isUniqueViolation(error)) throw fieldError('upload_key', M.uploadKeyUsed);
          throw error;
        }
        stored = true;
        return toVideo((await deps.repo.findVisible(caller, id))!, caller);
      } catch (error) {
        if (media && !stored && !claimed)
          await storage
            .delete(media.key)
            .catch((e: unknown) => deps.log.error({ err: e, key: media!.key }, 'could not remove a refused upload'));
        // The deal check may have been started and then left behind by another refusal.
        target?.catch(() => undefined);
        throw error;
      }
    },
  };
}

export type RecordingUploads = ReturnType<typeof createRecordingUploads>;
