import type { TUploadType } from '@pipewise/contract/videos';
import { isApiError } from '../../../lib/http';

/** The spec's upload form alerts, word for word. */
export const UPLOAD_MESSAGES = {
  pipelineAndDeal: 'Please select a pipeline and deal',
  drive: 'Please provide a Google Drive link',
  file: 'Please select a video file to upload',
  transcription: 'Please provide transcription text or upload a document',
  method: 'Please select an upload method',
  transcriptionDone: 'Transcription processed successfully!',
  videoDone: 'Video uploaded successfully!',
} as const;

export type UploadFields = {
  pipelineId: string;
  dealId: string;
  method: TUploadType | '';
  driveLink: string;
  file: File | null;
  documentFile: File | null;
  transcriptionText: string;
};

/** The first thing missing, as the alert to show; null when the form can be sent. */
export function uploadProblem(fields: UploadFields): string | null {
  if (!fields.pipelineId || !fields.dealId) return UPLOAD_MESSAGES.pipelineAndDeal;
  switch (fields.method) {
    case 'drive':
      return fields.driveLink.trim() ? null : UPLOAD_MESSAGES.drive;
    case 'file':
      return fields.file ? null : UPLOAD_MESSAGES.file;
    case 'transcription':
      return fields.transcriptionText.trim() || fields.documentFile ? null : UPLOAD_MESSAGES.transcription;
    default:
      return UPLOAD_MESSAGES.method;
  }
}

/** 'Upload failed: {message or Unknown error occurred}'; the server's {detail} is the message when it sent one. */
export function uploadFailedMessage(error: unknown): string {
  const message = isApiError(error) ? error.detail : error instanceof Error ? error.message : '';
  return `Upload failed: ${message || 'Unknown error occurred'}`;
}
