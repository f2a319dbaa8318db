import { describe, expect, it } from 'vitest';
import { parseFfprobeOutput } from './ffprobe-output';

describe('parseFfprobeOutput', () => {
  it.each([
    [
      'a video with sound',
      { streams: [{ codec_type: 'video' }, { codec_type: 'audio', channels: 1 }], format: { duration: '61.52' } },
      { durationSeconds: 62, hasAudio: true, audioChannels: 1, hasVideo: true },
    ],
    [
      'a WAV file',
      { streams: [{ codec_type: 'audio', duration: '2.99', channels: 2 }], format: { duration: '2.990000' } },
      { durationSeconds: 3, hasAudio: true, audioChannels: 2, hasVideo: false },
    ],
    [
      'an MP3 with cover art',
      { streams: [{ codec_type: 'audio' }, { codec_type: 'video', disposition: { attached_pic: 1 } }], format: { duration: '10' } },
      { durationSeconds: 10, hasAudio: true, audioChannels: null, hasVideo: false },
    ],
    [
      'a stream-only duration',
      { streams: [{ codec_type: 'audio', duration: '7.1' }], format: {} },
      { durationSeconds: 7, hasAudio: true, audioChannels: null, hasVideo: false },
    ],
    [
      'no duration at all',
      { streams: [{ codec_type: 'video' }], format: { duration: 'N/A' } },
      { durationSeconds: null, hasAudio: false, audioChannels: null, hasVideo: true },
    ],
    [
      'two audio tracks: the first one counts',
      {
        streams: [
          { codec_type: 'audio', channels: 2 },
          { codec_type: 'audio', channels: 6 },
        ],
        format: { duration: '5' },
      },
      { durationSeconds: 5, hasAudio: true, audioChannels: 2, hasVideo: false },
    ],
    ['nothing', {}, { durationSeconds: null, hasAudio: false, audioChannels: null, hasVideo: false }],
  ])('reads %s', (_name, output, expected) => {
    expect(parseFfprobeOutput(JSON.stringify(output))).toEqual(expected);
  });

  it('refuses output that is not JSON', () => {
    expect(() => parseFfprobeOutput('moov atom not found')).toThrow(/not JSON/);
  });
});
