import { describe, expect, it } from 'vitest';
import { parseFfprobeOutput } from './ffprobe-output';

describe('parseFfprobeOutput', () => {
  it.each([
    [
      'a video with sound',
      { streams: [{ codec_type: 'video' }, { codec_type: 'audio' }], format: { duration: '61.52' } },
      { durationSeconds: 62, hasAudio: true, hasVideo: true },
    ],
    [
      'a WAV file',
      { streams: [{ codec_type: 'audio', duration: '2.99' }], format: { duration: '2.990000' } },
      { durationSeconds: 3, hasAudio: true, hasVideo: false },
    ],
    [
      'an MP3 with cover art',
      { streams: [{ codec_type: 'audio' }, { codec_type: 'video', disposition: { attached_pic: 1 } }], format: { duration: '10' } },
      { durationSeconds: 10, hasAudio: true, hasVideo: false },
    ],
    [
      'a stream-only duration',
      { streams: [{ codec_type: 'audio', duration: '7.1' }], format: {} },
      { durationSeconds: 7, hasAudio: true, hasVideo: false },
    ],
    [
      'no duration at all',
      { streams: [{ codec_type: 'video' }], format: { duration: 'N/A' } },
      { durationSeconds: null, hasAudio: false, hasVideo: true },
    ],
    ['nothing', {}, { durationSeconds: null, hasAudio: false, hasVideo: false }],
  ])('reads %s', (_name, output, expected) => {
    expect(parseFfprobeOutput(JSON.stringify(output))).toEqual(expected);
  });

  it('refuses output that is not JSON', () => {
    expect(() => parseFfprobeOutput('moov atom not found')).toThrow(/not JSON/);
  });
});
