import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { makeCall, spanSeconds, type CallPlan, type Span } from '../../../test/stereo-media';
import { voiceActivityOfWav } from './voice-activity-wav';
import { startVoiceActivity, type VoiceActivity, type VoiceChannel } from './voice-activity';
import { speechRuns } from './voice-frames';

const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'pipewise-vad-'));
afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));

/** A minute of call: the team (left) and the customer (right) taking turns, a short overlap at 54.2-55. */
const TEAM: Span[] = [
  [1, 7],
  [12.5, 20],
  [31, 38.5],
  [47, 55],
];
const CUSTOMER: Span[] = [
  [7.6, 12],
  [20.5, 30.2],
  [39, 46.5],
  [54.2, 59],
];
const call = (name: string, plan: Partial<CallPlan>) =>
  makeCall(path.join(dir, `${name}.wav`), { seconds: 60, left: TEAM, right: CUSTOMER, ...plan });

const turnsOn = (heard: VoiceActivity, channel: VoiceChannel): Span[] =>
  heard.turns.filter((t) => t.channel === channel).map((t) => [t.start, t.end]);

/** Each span heard as one turn, its start and end within 0.3 s; the channel's talk within 2 % of the truth. */
function expectHeard(heard: VoiceActivity, channel: VoiceChannel, truth: Span[]) {
  const turns = turnsOn(heard, channel);
  expect(turns, JSON.stringify(turns)).toHaveLength(truth.length);
  truth.forEach(([start, end], i) => {
    expect(Math.abs(turns[i]![0] - start), `${channel} turn ${i} starts at ${turns[i]![0]}, not ${start}`).toBeLessThanOrEqual(0.3);
    expect(Math.abs(turns[i]![1] - end), `${channel} turn ${i} ends at ${turns[i]![1]}, not ${end}`).toBeLessThanOrEqual(0.3);
  });
  expect(Math.abs(heard.talkSeconds[channel] - spanSeconds(truth)) / spanSeconds(truth)).toBeLessThanOrEqual(0.02);
}

describe('voice activity of a stereo call, one voice per channel', () => {
  it('hears each turn of each side within 0.3 s, and each side talking within 2 %', async () => {
    const heard = await voiceActivityOfWav(call('separate', {}));
    expect(heard).toMatchObject({ separated: true, reason: 'separated' });
    expect(heard.durationSeconds).toBeCloseTo(60, 1);
    expectHeard(heard, 'left', TEAM);
    expectHeard(heard, 'right', CUSTOMER);
    // Turns come in time order, whichever channel.
    expect(heard.turns.map((t) => t.start)).toEqual([...heard.turns.map((t) => t.start)].sort((a, b) => a - b));
  });

  it('keeps a short "yes" said over the other side, and drops a click shorter than a quarter second', async () => {
    const right = ([...CUSTOMER, [14, 14.5], [33, 33.12]] as Span[]).sort((a, b) => a[0] - b[0]);
    const heard = await voiceActivityOfWav(call('backchannel', { right }));
    expect(heard.separated).toBe(true);
    expectHeard(
      heard,
      'right',
      right.filter(([a]) => a !== 33),
    );
    expectHeard(heard, 'left', TEAM);
  });

  it("does not count the other side's voice leaking into a channel (cross-talk bleed, 26 dB down)", async () => {
    const heard = await voiceActivityOfWav(call('bleed', { bleed: 0.05 }));
    expect(heard.separated).toBe(true);
    expectHeard(heard, 'left', TEAM);
    expectHeard(heard, 'right', CUSTOMER);
  });

  it('follows a noise floor that rises during the call', async () => {
    const heard = await voiceActivityOfWav(call('noisier', { noise: 0.003, noiseFrom: { at: 26.3, noise: 0.02 } }));
    expect(heard.separated).toBe(true);
    expectHeard(heard, 'left', TEAM);
    expectHeard(heard, 'right', CUSTOMER);
  });
});

describe('two channels that are not one voice each', () => {
  it.each([
    ['the same mix copied into both channels', 'same-mix', 'same-signal'],
    ['the same mix, one channel 10 dB quieter', 'scaled-mix', 'same-signal'],
    ['a silent channel beside the mix', 'silent-right', 'silent-channel'],
  ] as const)('%s: not separated, and no turns are guessed', async (_name, layout, reason) => {
    const heard = await voiceActivityOfWav(call(layout, { layout }));
    expect(heard).toMatchObject({ separated: false, reason, turns: [] });
  });
});

describe('reading a WAV', () => {
  const short = () => makeCall(path.join(dir, 'short.wav'), { seconds: 5, left: [[0.5, 2]], right: [[2.5, 4.5]] });

  it('stops when the job is stopped', async () => {
    const stop = new AbortController();
    stop.abort(new Error('The worker is shutting down'));
    await expect(voiceActivityOfWav(short(), { signal: stop.signal })).rejects.toThrow('The worker is shutting down');
  });

  it('refuses a WAV that is not 16-bit stereo', async () => {
    const mono = makeCall(path.join(dir, 'mono.wav'), { seconds: 2, left: [[0.5, 1.5]], right: [], layout: 'mono' });
    await expect(voiceActivityOfWav(mono)).rejects.toThrow(/not 16-bit stereo PCM/);
  });
});

describe('the detector', () => {
  /** 8 kHz stereo: a 1 kHz tone on the left from 1 s to 3 s, on the right from 4 s to 5 s, over faint noise. */
  function samples(): Int16Array {
    const rate = 8000;
    const out = new Int16Array(6 * rate * 2);
    let seed = 7;
    const noise = () => ((seed = (seed * 1103515245 + 12345) % 2147483648) / 2147483648 - 0.5) * 60;
    for (let i = 0; i < 6 * rate; i++) {
      const t = i / rate;
      const tone = Math.sin(2 * Math.PI * 1000 * t) * 8000;
      out[2 * i] = Math.round((t >= 1 && t < 3 ? tone : 0) + noise());
      out[2 * i + 1] = Math.round((t >= 4 && t < 5 ? tone : 0) + noise());
    }
    return out;
  }

  it('gives the same turns however the samples are cut into chunks', () => {
    const all = samples();
    const whole = startVoiceActivity(8000);
    whole.push(all);
    const pieces = startVoiceActivity(8000);
    for (let at = 0; at < all.length;) {
      const size = 2 * (1 + ((at * 7919) % 997));
      pieces.push(all.subarray(at, Math.min(all.length, at + size)));
      at += size;
    }
    const expected = whole.finish();
    expect(pieces.finish()).toEqual(expected);
    expect(expected.turns.map((t) => [t.channel, Math.round(t.start * 10) / 10, Math.round(t.end * 10) / 10])).toEqual([
      ['left', 1, 3.1],
      ['right', 4, 5.1],
    ]);
  });

  it('refuses half a stereo frame', () => {
    expect(() => startVoiceActivity(8000).push(new Int16Array(3))).toThrow(/whole stereo sample frames/);
  });
});

describe('speechRuns', () => {
  const at = { frameSeconds: 0.02, hangoverSeconds: 0.06, joinGapSeconds: 0.3, minSpeechSeconds: 0.25 };
  /** Frames from a picture: '#' active, '.' silent. */
  const frames = (picture: string) => Uint8Array.from(picture, (c) => (c === '#' ? 1 : 0));

  it.each([
    ['holds each stretch for the hangover', '.'.repeat(5) + '#'.repeat(20) + '.'.repeat(20), [{ start: 5, end: 28 }]],
    ['joins a gap under 0.3 s', '#'.repeat(15) + '.'.repeat(10) + '#'.repeat(15) + '.'.repeat(5), [{ start: 0, end: 43 }]],
    [
      'keeps a gap of 0.3 s or more',
      '#'.repeat(15) + '.'.repeat(20) + '#'.repeat(15) + '.'.repeat(5),
      [
        { start: 0, end: 18 },
        { start: 35, end: 53 },
      ],
    ],
    ['drops a stretch shorter than 0.25 s', '.'.repeat(5) + '#'.repeat(8) + '.'.repeat(20), []],
    ['cuts the hangover at the end of the sound', '.'.repeat(5) + '#'.repeat(20), [{ start: 5, end: 25 }]],
  ])('%s', (_name, picture, expected) => {
    expect(speechRuns(frames(picture), at)).toEqual(expected);
  });
});
