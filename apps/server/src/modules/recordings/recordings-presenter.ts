import type { TMeetAttendee, TVideo } from '@pipewise/contract/videos';
import type { Viewer } from '../access/access-rules';
import { can } from '../access/policies';
import type { RecordingRecord } from './recordings-repo';

export const mediaUrl = (id: string) => `/api/videos/${id}/media`;
export const snapshotUrl = (id: string, n: number) => `/api/videos/${id}/snapshots/${n}`;

/** Whether the viewer may delete (and retry) the recording (access policy `recording.manage`: its uploader and the admins). */
export const canManage = (viewer: Viewer, r: Pick<RecordingRecord, 'uploadedBy'>) => can(viewer, 'recording.manage', r);

/** The API's video, shaped from the record for one viewer (what they may do with it). */
export function toVideo(r: RecordingRecord, viewer: Viewer): TVideo {
  const manage = canManage(viewer, r);
  const name = `${r.uploaderFirstName ?? ''} ${r.uploaderLastName ?? ''}`.trim();
  const seconds = r.durationSeconds;
  return {
    id: r.id,
    deal_id: r.dealId === null ? null : String(r.dealId),
    dealName: r.dealName,
    pipeline_id: r.pipelineId,
    title: r.title,
    description: r.description,
    uploaded_by: r.uploaderEmail,
    uploaded_by_name: name || null,
    upload_date: r.createdAt.toISOString(),
    upload_type: r.uploadType as TVideo['upload_type'],
    type: r.kind as TVideo['type'],
    meet_link: r.meetLink,
    meet_attendees: r.participants.map((p) => ({
      id: p.id,
      // An email-less participant (a transcript's speaker) is shown by name.
      email: p.email ?? '',
      displayName: p.name ?? undefined,
      responseStatus: (p.response_status ?? 'needsAction') as TMeetAttendee['responseStatus'],
      organizer: p.organizer,
      self: p.user_id !== null && p.user_id === viewer.id,
      name: p.name,
      user_id: p.user_id,
      contact_id: p.contact_id,
      speaker_label: p.speaker_label,
    })),
    s3_url: r.storageKey ? mediaUrl(r.id) : null,
    media_type: r.mediaType,
    size_bytes: r.sizeBytes,
    status: r.status as TVideo['status'],
    error: r.error,
    transcript_status: r.transcriptStatus as TVideo['transcript_status'],
    transcription: r.transcription,
    summary: r.summary === null ? null : { summary: r.summary, key_points: r.keyPoints },
    sentiment: r.sentiment as TVideo['sentiment'],
    duration: seconds === null ? null : seconds > 0 ? Math.max(1, Math.round(seconds / 60)) : 0,
    duration_seconds: seconds,
    snapshots: r.snapshotKeys.map((_key, n) => ({ at_seconds: n * (r.snapshotEverySeconds ?? 0), url: snapshotUrl(r.id, n) })),
    can_delete: manage,
    can_retry: manage && r.status === 'failed',
  };
}
