import { createReadStream } from 'node:fs';
import { startVoiceActivity, type VoiceActivity } from './voice-activity';
import { readWavInfo } from './wav-file';

/** Bytes read at a time: a quarter of a megabyte, 16 s of 8 kHz stereo. */
const CHUNK_BYTES = 256 * 1024;
const STEREO_FRAME_BYTES = 4;

/**
 * Voice activity per channel of a 16-bit stereo PCM WAV (as `extractStereoAudio` writes it), read a chunk at a
 * time: memory stays flat however long the call. `signal` stops it between chunks.
 */
export async function voiceActivityOfWav(wavPath: string, options: { signal?: AbortSignal } = {}): Promise<VoiceActivity> {
  options.signal?.throwIfAborted();
  const info = await readWavInfo(wavPath);
  if (info.channels !== 2 || info.bitsPerSample !== 16) throw new Error(`${wavPath} is not 16-bit stereo PCM`);
  const detector = startVoiceActivity(info.sampleRate);
  if (info.dataBytes >= STEREO_FRAME_BYTES) {
    const stream = createReadStream(wavPath, {
      start: info.dataOffset,
      end: info.dataOffset + info.dataBytes - 1,
      highWaterMark: CHUNK_BYTES,
      signal: options.signal,
    });
    let carry: Buffer | null = null;
    try {
      for await (const chunk of stream as AsyncIterable<Buffer>) {
        const bytes: Buffer = carry ? Buffer.concat([carry, chunk]) : chunk;
        const whole = bytes.length - (bytes.length % STEREO_FRAME_BYTES);
        carry = whole < bytes.length ? Buffer.from(bytes.subarray(whole)) : null;
        // WAV samples are little-endian, as Int16Array reads them on every platform Node runs on here; a view needs
        // an even offset, so an odd one is copied.
        const aligned = bytes.byteOffset % 2 === 0 ? bytes : Buffer.from(bytes);
        detector.push(new Int16Array(aligned.buffer, aligned.byteOffset, whole / 2));
      }
    } catch (e) {
      // Stopped: the job's reason, not the stream's AbortError.
      options.signal?.throwIfAborted();
      throw e;
    }
  }
  options.signal?.throwIfAborted();
  return detector.finish();
}
