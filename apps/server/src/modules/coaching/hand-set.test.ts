import { describe, expect, it } from 'vitest';
import { checkHandCase, checkStereoCase, failuresOf, loadHandSet, loadStereoSet } from '../../../test/coaching-hand-set';

/**
 * The call statistics against the hand set (bench/coaching/set/: 14 calls in the formats customers upload, their
 * true values worked out from the definitions): talk ratios within 1 percentage point, the longest monologue and
 * customer story within 1 s, question counts exact. A failure names the case and the figure. The bench
 * (`npm run bench -- coaching-stats`) reports every figure, the untoleranced ones with their error.
 */
const cases = loadHandSet();
const stereo = loadStereoSet();

describe('computeCallStats on the hand set', () => {
  it('holds at least 14 calls, two of them unpunctuated and one without speakers', () => {
    expect(cases.length).toBeGreaterThanOrEqual(14);
    expect(cases.filter((c) => c.expected.question_source === 'forms').length).toBeGreaterThanOrEqual(2);
    expect(cases.some((c) => c.expected.speaker_source === 'none')).toBe(true);
  });

  it.each(cases.map((c) => [c.name, c] as const))('%s: every checked figure within its tolerance', (_name, c) => {
    expect(failuresOf(checkHandCase(c))).toEqual([]);
  });
});

describe('computeCallStats on the stereo calls, from their true voice turns (the channels source)', () => {
  it.each(stereo.flatMap((r) => (['left', 'right'] as const).map((team) => [r.name, team, r] as const)))(
    '%s, team on the %s channel: talk ratio per channel, longest monologue and story',
    (_name, team, r) => {
      expect(failuresOf(checkStereoCase(r, team))).toEqual([]);
    },
  );
});
