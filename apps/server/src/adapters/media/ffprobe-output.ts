import { z } from 'zod';

const ZProbe = z.object({
  streams: z
    .array(
      z.object({
        codec_type: z.string().optional(),
        duration: z.string().optional(),
        channels: z.number().int().nonnegative().optional(),
        disposition: z.object({ attached_pic: z.number().optional() }).optional(),
      }),
    )
    .default([]),
  format: z.object({ duration: z.string().optional() }).optional(),
});

export type ProbeResult = {
  /** Whole seconds, rounded; null when the container does not say. */
  durationSeconds: number | null;
  hasAudio: boolean;
  /** How many channels the first audio track has (2: stereo, perhaps one voice each); null without audio or when not said. */
  audioChannels: number | null;
  /** A real picture track (a cover image attached to an audio file does not count). */
  hasVideo: boolean;
};

function seconds(value: string | undefined): number | null {
  const n = value === undefined ? Number.NaN : Number(value);
  return Number.isFinite(n) && n >= 0 ? n : null;
}

/** Reads `ffprobe -show_entries format=duration:stream=codec_type,duration,channels:stream_disposition=attached_pic -of json`. */
export function parseFfprobeOutput(json: string): ProbeResult {
  let raw: unknown;
  try {
    raw = JSON.parse(json);
  } catch {
    throw new Error('ffprobe gave output that is not JSON');
  }
  const probe = ZProbe.parse(raw);
  const audio = probe.streams.filter((s) => s.codec_type === 'audio');
  const video = probe.streams.filter((s) => s.codec_type === 'video' && !s.disposition?.attached_pic);
  // The container's duration first; some files only carry it per stream.
  const duration = seconds(probe.format?.duration) ?? Math.max(-1, ...probe.streams.map((s) => seconds(s.duration) ?? -1));
  return {
    durationSeconds: duration !== null && duration >= 0 ? Math.round(duration) : null,
    hasAudio: audio.length > 0,
    audioChannels: audio[0]?.channels || null,
    hasVideo: video.length > 0,
  };
}
