import { ACCEPTED_MEDIA } from './media-sniffer';

/** Whole megabytes or gigabytes, as a person would say the limit. */
export function describeBytes(bytes: number): string {
  const gib = bytes / 1024 ** 3;
  if (gib >= 1) return `${Number.isInteger(gib) ? gib : gib.toFixed(1)} GB`;
  const mib = bytes / 1024 ** 2;
  if (mib >= 1) return `${Number.isInteger(mib) ? mib : mib.toFixed(1)} MB`;
  return `${bytes} bytes`;
}

/** What the videos calls answer when they refuse something: words a user can act on. */
export const RECORDING_MESSAGES = {
  notFound: 'Video not found',
  noMedia: 'This video has no media file.',
  snapshotNotFound: 'Snapshot not found',
  dealNotFound: 'Deal not found',
  dealAndPipeline: 'Please select a pipeline and deal',
  dealNotInPipeline: 'This deal is not in the selected pipeline.',
  uploadMethod: 'Please select an upload method',
  fileRequired: 'Please select a video file to upload',
  driveRequired: 'Please provide a Google Drive link',
  transcriptionRequired: 'Please provide transcription text or upload a document',
  notMultipart: 'Send the upload as multipart/form-data.',
  oneFile: 'Send one video file per upload.',
  unexpectedFile: (field: string) => `Unexpected file field "${field}": send the video as "file" and a document as "document_file".`,
  fileForOtherMethod: 'The attached file does not match the upload method.',
  unsupportedMedia: `Unsupported file type. Upload a video or audio file: ${ACCEPTED_MEDIA}.`,
  emptyFile: 'The file is empty.',
  tooLarge: (max: number) => `The file is larger than the ${describeBytes(max)} upload limit.`,
  documentType: 'Unsupported document type. Upload a .pdf, .doc, .docx, .txt, .rtf, .vtt or .srt file.',
  documentTooLarge: (max: number) => `The document is larger than the ${describeBytes(max)} limit.`,
  unreadableDocument: (name: string) =>
    `We could not read the text of ${name}. Check that it is a valid PDF, Word, RTF or text file, or paste the transcription instead.`,
  documentUnpacksTooLarge: (name: string, max: number) =>
    `${name} unpacks to more than ${describeBytes(max)}, more than any transcript needs. Paste the transcription instead.`,
  emptyDocument: (name: string) => `We could not find any text in ${name}. Paste the transcription instead.`,
  textTooLong: 'The transcription text is too long.',
  fieldTooLong: (field: string, max: number) => `${field} must be at most ${max} characters`,
  meetLink: 'google_meet_link must be a link starting with https://',
  driveLink: 'Please provide a Google Drive file link, like https://drive.google.com/file/d/.../view',
  drivePrivate: 'This Google Drive file is private. Connect Google in Settings, or share the file with anyone who has the link.',
  driveForbidden: 'Your Google account cannot open this Google Drive file. Ask its owner to share it with you.',
  driveNotFound: 'This Google Drive file was not found. Check the link.',
  driveUnavailable: 'Google Drive did not send the file. Please try again later.',
  uploadKeyInvalid: 'This upload has expired or is not yours. Upload the file again.',
  uploadKeyUsed: 'This upload was already used for a video.',
  uploadMissing: 'The uploaded file was not found. Upload the file again.',
  uploadLinkUsed: 'This upload link was already used.',
  retryOnlyFailed: 'Only a video whose processing failed can be retried.',
} as const;

/** Why processing ended failed, as the video's error: words a user can act on. */
export const PROCESSING_MESSAGES = {
  nothingToProcess: 'This recording has no media or transcript to process.',
  mediaMissing: 'The uploaded file is missing. Please upload it again.',
  /** Every attempt failed or was cut short (its last one too), or processing stopped and never resumed. */
  gaveUp: 'We could not finish processing this recording. Press Retry to try again; the steps already done are kept.',
} as const;
