import { z } from 'zod';

/** A recording moves forward only: uploaded -> processing -> ready | failed; retry moves failed back to processing. */
export const RECORDING_STATUSES = ['uploaded', 'processing', 'ready', 'failed'] as const;
export type TRecordingStatus = (typeof RECORDING_STATUSES)[number];
export const UPLOAD_TYPES = ['drive', 'file', 'transcription'] as const;
export type TUploadType = (typeof UPLOAD_TYPES)[number];
/** pending until processing decides; unavailable when no speech-to-text engine could run. */
export const TRANSCRIPT_STATUSES = ['pending', 'available', 'unavailable'] as const;
/** What a recording shows when no speech-to-text engine could make its transcript. */
export const TRANSCRIPT_UNAVAILABLE_TEXT = 'Transcription unavailable: no speech-to-text engine could read this recording.';
export const SENTIMENTS = ['positive', 'neutral', 'negative'] as const;
export type TSentiment = (typeof SENTIMENTS)[number];
export const RESPONSE_STATUSES = ['accepted', 'declined', 'needsAction', 'tentative'] as const;

/** The spec's limits on the upload form and previews. */
export const TRANSCRIPTION_PREVIEW_CHARS = 150;
export const MEETING_PREVIEW_CHARS = 100;
export const DOCUMENT_MAX_BYTES = 20 * 1024 * 1024;
/** Transcription documents: office files, text, and subtitle files (WebVTT, SRT) as meeting tools export them. */
export const DOCUMENT_EXTENSIONS = ['.pdf', '.doc', '.docx', '.txt', '.rtf', '.vtt', '.srt'] as const;
export const MEDIA_ACCEPT = 'video/*,audio/mp4,audio/x-m4a,audio/mpeg,audio/wav,.mp4,.mov,.webm,.mkv,.avi,.m4a,.mp3,.wav';

export const ZMeetAttendee = z.object({
  email: z.string(),
  displayName: z.string().optional(),
  responseStatus: z.enum(RESPONSE_STATUSES),
  organizer: z.boolean().optional(),
  self: z.boolean().optional(),
  /** A recording's participant (issue 30): its id, what we know of them, and the transcript label mapped to them. */
  id: z.string().optional(),
  name: z.string().nullable().optional(),
  user_id: z.string().nullable().optional(),
  contact_id: z.string().nullable().optional(),
  speaker_label: z.string().nullable().optional(),
});
export type TMeetAttendee = z.infer<typeof ZMeetAttendee>;

export const ZSnapshot = z.object({ at_seconds: z.number(), url: z.string() });

/** One recording as every videos call answers it (the spec's Video entity plus status). */
export const ZVideo = z.object({
  id: z.string(),
  deal_id: z.string().nullable(),
  /** The deal's real name from the CRM (null when no deal or the deal is gone). */
  dealName: z.string().nullable(),
  pipeline_id: z.string().nullable(),
  title: z.string(),
  description: z.string().nullable(),
  /** The uploader's email. */
  uploaded_by: z.string(),
  uploaded_by_name: z.string().nullable(),
  upload_date: z.string(),
  upload_type: z.enum(UPLOAD_TYPES),
  type: z.enum(['call', 'email', 'video']),
  meet_link: z.string().nullable(),
  meet_attendees: z.array(ZMeetAttendee),
  /** Playback source (this API's media route, or a presigned store URL); null without media. */
  s3_url: z.string().nullable(),
  media_type: z.string().nullable(),
  size_bytes: z.number().nullable(),
  status: z.enum(RECORDING_STATUSES),
  error: z.string().nullable(),
  transcript_status: z.enum(TRANSCRIPT_STATUSES),
  transcription: z.string().nullable(),
  summary: z.object({ summary: z.string(), key_points: z.array(z.string()) }).nullable(),
  sentiment: z.enum(SENTIMENTS).nullable(),
  /** Whole minutes, from the media (null until known or without media). */
  duration: z.number().nullable(),
  duration_seconds: z.number().nullable(),
  snapshots: z.array(ZSnapshot),
  /** What the caller may do with it. */
  can_delete: z.boolean(),
  can_retry: z.boolean(),
});
export type TVideo = z.infer<typeof ZVideo>;

export const ZVideoList = z.array(ZVideo);
export const ZVideosByDeal = z.object({ data: z.array(ZVideo) });
export const ZVideoDealOption = z.object({ id: z.string(), name: z.string(), pipeline_id: z.string() });
export const ZVideoDealOptions = z.array(ZVideoDealOption);
export type TVideoDealOption = z.infer<typeof ZVideoDealOption>;

export const ZVideoListQuery = z.object({
  limit: z.coerce.number().int().min(1).max(200).default(50),
  offset: z.coerce.number().int().min(0).max(1_000_000).default(0),
});
/** Deals for the upload form: `pipeline` (id or label, any case) narrows them; alphabetical, at most `limit`. */
export const ZVideoDealsQuery = z.object({
  pipeline: z.string().max(100).optional(),
  limit: z.coerce.number().int().min(1).max(1000).default(500),
});

export const ZPresignRequest = z.object({ file_name: z.string().trim().min(1, 'file_name is required').max(255) });
/** A direct upload: PUT the file's bytes to `upload_url` before `expires_at`, then POST /api/videos/upload with `upload_key`. */
export const ZPresignResponse = z.object({
  upload_url: z.string(),
  upload_key: z.string(),
  method: z.literal('PUT'),
  headers: z.record(z.string(), z.string()),
  expires_at: z.string(),
});

/** What a direct upload (PUT to a local upload_url) stored. */
export const ZDirectUploadResponse = z.object({ size_bytes: z.number(), media_type: z.string() });

/** Generate AI Email: a follow-up drafted from the summary and key points. */
export const ZFollowUpEmail = z.object({ subject: z.string(), body: z.string(), to: z.array(z.string()) });
