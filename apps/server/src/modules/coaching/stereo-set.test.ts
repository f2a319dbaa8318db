import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { createFfmpegMedia } from '../../adapters/media/ffmpeg-media';
import { voiceActivityOfWav } from '../../adapters/media/voice-activity-wav';
import { checkStereoCase, failuresOf, loadStereoSet, STEREO_DIR } from '../../../test/coaching-hand-set';

/**
 * The channels source end to end on the stereo set (bench/coaching/stereo/: three synthetic two-channel calls,
 * written with their true turns by someone who did not write the detection): each file's channels split by ffmpeg,
 * heard by the voice-activity detection, and measured by the call statistics, with the team on either side. Talk
 * ratio per channel within 1 percentage point, the longest monologue and story within 1 s, as from the true turns.
 */
const stereo = loadStereoSet();
const work = fs.mkdtempSync(path.join(os.tmpdir(), 'pipewise-stereo-set-'));
afterAll(() => fs.rmSync(work, { recursive: true, force: true }));

describe('the stereo set through ffmpeg, voice-activity detection and the call statistics', () => {
  it.each(stereo.map((r) => [r.name, r] as const))('%s', { timeout: 60_000 }, async (_name, r) => {
    const wav = path.join(work, `${r.name}.wav`);
    await createFfmpegMedia().extractStereoAudio(path.join(STEREO_DIR, r.file), wav, { durationSeconds: r.media_seconds });
    const heard = await voiceActivityOfWav(wav);
    expect(heard.separated, `${r.name}: two separated voices`).toBe(true);
    const turns = {
      left: heard.turns.filter((t) => t.channel === 'left').map((t): [number, number] => [t.start, t.end]),
      right: heard.turns.filter((t) => t.channel === 'right').map((t): [number, number] => [t.start, t.end]),
    };
    for (const team of ['left', 'right'] as const) expect(failuresOf(checkStereoCase(r, team, turns)), `team ${team}`).toEqual([]);
  });
});
