import { ZVideo, type TUploadType, type TVideo } from '@pipewise/contract/videos';
import type { PickedAttendee } from '../../../components/ui/attendee-picker';
import { loadChunk } from '../../../lib/chunk-load';
import { readCookie } from '../../../lib/cookies';
import { ApiError, CSRF_COOKIE, CSRF_HEADER } from '../../../lib/http';

/** What the upload dialog sends; the fields of the other methods stay empty. */
export type UploadInput = {
  dealId: string;
  pipelineId: string;
  method: TUploadType;
  meetLink: string;
  driveLink: string;
  file: File | null;
  documentFile: File | null;
  transcriptionText: string;
  /** Who attended (issue 30): users, contacts and typed outside emails. */
  attendees?: PickedAttendee[];
};

/** The spec's titles: the file's name, the document's name, or the direct input's label. */
export function uploadTitle(input: UploadInput): string {
  if (input.method === 'file') return input.file?.name ?? 'Untitled Video';
  if (input.method === 'drive') return 'Google Drive Video';
  return input.documentFile ? `Document: ${input.documentFile.name}` : 'Direct Transcription Input';
}

export function uploadFormData(input: UploadInput): FormData {
  const data = new FormData();
  data.append('deal_id', input.dealId);
  data.append('pipeline_id', input.pipelineId);
  data.append('upload_type', input.method);
  data.append('title', uploadTitle(input));
  if (input.meetLink.trim()) data.append('google_meet_link', input.meetLink.trim());
  if (input.attendees?.length) {
    const attendees = input.attendees.map((a) =>
      a.user_id ? { user_id: a.user_id } : a.contact_id ? { contact_id: a.contact_id } : { email: a.email ?? undefined },
    );
    data.append('attendees', JSON.stringify(attendees));
  }
  if (input.method === 'drive') data.append('google_drive_link', input.driveLink.trim());
  if (input.method === 'file' && input.file) data.append('file', input.file);
  if (input.method === 'transcription') {
    if (input.documentFile) data.append('document_file', input.documentFile);
    if (input.transcriptionText.trim()) data.append('transcription_text', input.transcriptionText);
  }
  return data;
}

function parseJson(text: string): unknown {
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return null;
  }
}

const detailOf = (body: unknown) =>
  body && typeof body === 'object' && 'detail' in body && typeof body.detail === 'string' ? body.detail : '';

/**
 * One multipart POST through XMLHttpRequest, the only browser API that reports upload progress.
 * The CSRF header is echoed from its cookie as lib/http does, with the same single resend when the
 * server refused a stale token and set a fresh one (the refused attempt stored nothing).
 */
function send(path: string, data: FormData, onProgress: (percent: number) => void, isRetry: boolean): Promise<TVideo> {
  const csrf = readCookie(CSRF_COOKIE);
  return new Promise<TVideo>((resolve, reject) => {
    const xhr = new XMLHttpRequest();
    xhr.open('POST', path);
    xhr.withCredentials = true;
    xhr.setRequestHeader('Accept', 'application/json');
    if (csrf) xhr.setRequestHeader(CSRF_HEADER, csrf);
    xhr.upload.onprogress = (event) => {
      if (event.lengthComputable && event.total > 0) onProgress(Math.min(100, Math.round((event.loaded / event.total) * 100)));
    };
    xhr.onerror = () => reject(new Error('The connection to the server was lost'));
    xhr.onabort = () => reject(new Error('The upload was cancelled'));
    xhr.onload = () => {
      const body = parseJson(xhr.responseText);
      if (xhr.status >= 200 && xhr.status < 300) {
        const parsed = ZVideo.safeParse(body);
        if (parsed.success) resolve(parsed.data);
        else reject(new Error('The server answered with an unexpected response'));
        return;
      }
      const detail = detailOf(body);
      loadChunk(() => import('@pipewise/contract/common')).then(({ CSRF_REFUSED_MESSAGE }) => {
        const stale = xhr.status === 403 && detail === CSRF_REFUSED_MESSAGE && !isRetry && readCookie(CSRF_COOKIE) !== csrf;
        if (stale) send(path, data, onProgress, true).then(resolve, reject);
        else reject(new ApiError(xhr.status, detail, null));
      }, reject);
    };
    xhr.send(data);
  });
}

/** POST /api/videos/upload, or /api/videos/upload-transcription for a transcription; answers the new recording. */
export function uploadVideo(input: UploadInput, onProgress: (percent: number) => void): Promise<TVideo> {
  const path = input.method === 'transcription' ? '/api/videos/upload-transcription' : '/api/videos/upload';
  return send(path, uploadFormData(input), onProgress, false);
}
