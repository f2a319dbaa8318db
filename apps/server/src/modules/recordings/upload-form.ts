import type { Readable } from 'node:stream';
import type { MultipartFile, MultipartValue } from '@fastify/multipart';
import { DOCUMENT_MAX_BYTES } from '@pipewise/contract/videos';
import { documentExtension, type DocumentExtension } from '../../adapters/documents/document-text';
import { HttpError } from '../../lib/http-error';
import { findUnstorable, UNSTORABLE_MESSAGE } from '../../plugins/input-guard';
import { RECORDING_MESSAGES as M } from './recording-messages';

/** The text fields of an upload form (SPEC section 7), by name. */
export type UploadFields = Partial<
  Record<
    | 'deal_id'
    | 'pipeline_id'
    | 'upload_type'
    | 'google_meet_link'
    | 'title'
    | 'google_drive_link'
    | 'transcription_text'
    | 'upload_key'
    | 'attendees',
    string
  >
>;

/** Longest accepted value per field; the transcription may be a long meeting's text. */
export const FIELD_MAX_CHARS: Record<keyof UploadFields, number> = {
  deal_id: 40,
  pipeline_id: 200,
  upload_type: 40,
  google_meet_link: 2048,
  title: 300,
  google_drive_link: 2048,
  transcription_text: 2_000_000,
  upload_key: 1000,
  /** JSON: [{email?, name?, user_id?, contact_id?}], at most 100 (issue 30). */
  attendees: 50_000,
};
/** busboy's per-field cap: a little above the longest field, so an overlong one is seen as truncated. */
export const FIELD_MAX_BYTES = 4 * FIELD_MAX_CHARS.transcription_text + 1;

const isKnownField = (name: string): name is keyof UploadFields => Object.hasOwn(FIELD_MAX_CHARS, name);

/** Records one text part; unknown fields are ignored, bad values refused with a 400 (413 for an overlong text). */
export function readField(fields: UploadFields, part: MultipartValue): void {
  if (!isKnownField(part.fieldname)) return;
  const name = part.fieldname;
  const value = String(part.value ?? '');
  if (part.valueTruncated || value.length > FIELD_MAX_CHARS[name]) {
    if (name === 'transcription_text') throw new HttpError(413, M.textTooLong);
    throw fieldError(name, M.fieldTooLong(name, FIELD_MAX_CHARS[name]));
  }
  if (findUnstorable(value) !== null) throw fieldError(name, `${name} ${UNSTORABLE_MESSAGE}`);
  fields[name] = value;
}

export const fieldError = (field: string, message: string) => new HttpError(400, message, { errors: [{ field, message }] });

/** Reads the rest of a part we will not use, so the form's later parts still arrive. */
export function skip(stream: Readable): void {
  stream.resume();
}

/** A transcription document held in memory (at most DOCUMENT_MAX_BYTES: the text extractors need the whole file). */
export type UploadedDocument = { name: string; ext: DocumentExtension; data: Buffer };

export async function readDocument(part: MultipartFile): Promise<UploadedDocument> {
  const name = part.filename || 'document';
  const ext = documentExtension(name);
  if (!ext) {
    skip(part.file);
    throw new HttpError(415, M.documentType);
  }
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of part.file) {
    size += (chunk as Buffer).length;
    if (size > DOCUMENT_MAX_BYTES) {
      part.file.destroy();
      throw new HttpError(413, M.documentTooLarge(DOCUMENT_MAX_BYTES));
    }
    chunks.push(chunk as Buffer);
  }
  if (part.file.truncated) throw new HttpError(413, M.documentTooLarge(DOCUMENT_MAX_BYTES));
  return { name, ext, data: Buffer.concat(chunks) };
}
