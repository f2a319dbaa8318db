import { createReadStream, createWriteStream } from 'node:fs';
import fs from 'node:fs/promises';
import { pipeline } from 'node:stream/promises';

/** Where a PCM WAV file's samples are and how fast they play. */
export type WavInfo = {
  sampleRate: number;
  channels: number;
  bitsPerSample: number;
  /** Bytes per second of sound. */
  byteRate: number;
  /** Bytes per sample frame (all channels). */
  blockAlign: number;
  dataOffset: number;
  dataBytes: number;
  durationSeconds: number;
};

export class NotWavError extends Error {
  override name = 'NotWavError';
}

/** Reads the RIFF chunks of a PCM WAV file (as ffmpeg writes one) up to its `data` chunk. */
export async function readWavInfo(wavPath: string): Promise<WavInfo> {
  const file = await fs.open(wavPath, 'r');
  try {
    const { size } = await file.stat();
    const head = Buffer.alloc(Math.min(size, 64 * 1024));
    await file.read(head, 0, head.length, 0);
    if (head.toString('ascii', 0, 4) !== 'RIFF' || head.toString('ascii', 8, 12) !== 'WAVE')
      throw new NotWavError(`${wavPath} is not a WAV file`);
    let fmt: Omit<WavInfo, 'dataOffset' | 'dataBytes' | 'durationSeconds'> | undefined;
    for (let at = 12; at + 8 <= head.length;) {
      const id = head.toString('ascii', at, at + 4);
      const length = head.readUInt32LE(at + 4);
      if (id === 'fmt ') {
        fmt = {
          channels: head.readUInt16LE(at + 10),
          sampleRate: head.readUInt32LE(at + 12),
          byteRate: head.readUInt32LE(at + 16),
          blockAlign: head.readUInt16LE(at + 20),
          bitsPerSample: head.readUInt16LE(at + 22),
        };
      } else if (id === 'data') {
        if (!fmt || fmt.byteRate === 0) break;
        const dataOffset = at + 8;
        // A writer that could not seek back leaves the size 0 or 0xFFFFFFFF: the samples then run to the end.
        const dataBytes = length === 0 || length === 0xffffffff ? size - dataOffset : Math.min(length, size - dataOffset);
        return { ...fmt, dataOffset, dataBytes, durationSeconds: dataBytes / fmt.byteRate };
      }
      at += 8 + length + (length % 2);
    }
    throw new NotWavError(`${wavPath} has no PCM data chunk`);
  } finally {
    await file.close();
  }
}

/** A 44-byte canonical PCM WAV header for `dataBytes` of samples in the format of `info`. */
function wavHeader(info: WavInfo, dataBytes: number): Buffer {
  const h = Buffer.alloc(44);
  h.write('RIFF', 0, 'ascii');
  h.writeUInt32LE(36 + dataBytes, 4);
  h.write('WAVE', 8, 'ascii');
  h.write('fmt ', 12, 'ascii');
  h.writeUInt32LE(16, 16);
  h.writeUInt16LE(1, 20);
  h.writeUInt16LE(info.channels, 22);
  h.writeUInt32LE(info.sampleRate, 24);
  h.writeUInt32LE(info.byteRate, 28);
  h.writeUInt16LE(info.blockAlign, 32);
  h.writeUInt16LE(info.bitsPerSample, 34);
  h.write('data', 36, 'ascii');
  h.writeUInt32LE(dataBytes, 40);
  return h;
}

/**
 * Copies the samples from `startSeconds` for `seconds` (cut at whole sample frames, clipped to the
 * file) into a new WAV file; returns the piece's exact start and length in seconds.
 */
export async function writeWavPiece(
  wavPath: string,
  info: WavInfo,
  startSeconds: number,
  seconds: number,
  outPath: string,
): Promise<{ startSeconds: number; seconds: number }> {
  const frameAt = (t: number) => Math.min(info.dataBytes, Math.round(t * info.sampleRate) * info.blockAlign);
  const from = frameAt(startSeconds);
  const to = Math.max(from, frameAt(startSeconds + seconds));
  const out = createWriteStream(outPath);
  out.write(wavHeader(info, to - from));
  if (to > from) await pipeline(createReadStream(wavPath, { start: info.dataOffset + from, end: info.dataOffset + to - 1 }), out);
  else await new Promise<void>((resolve, reject) => out.end((e?: Error | null) => (e ? reject(e) : resolve())));
  return { startSeconds: from / info.byteRate, seconds: (to - from) / info.byteRate };
}

/** Equal pieces of at most `maxSeconds` covering `total` seconds (the same plan for the same audio, run after run). */
export function planPieces(total: number, maxSeconds: number): { start: number; seconds: number }[] {
  const count = Math.max(1, Math.ceil(total / maxSeconds - 1e-9));
  const seconds = total / count;
  return Array.from({ length: count }, (_, i) => ({ start: i * seconds, seconds: i === count - 1 ? total - i * seconds : seconds }));
}
