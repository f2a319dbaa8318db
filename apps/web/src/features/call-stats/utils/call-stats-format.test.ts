import { describe, expect, it } from 'vitest';
import type { TCallTurn } from '@pipewise/contract/coaching';
import { axisTicks, lanesOf, lengthText, percentText, rateText, timelineEnd } from './call-stats-format';

const turn = (start: number, end: number, speaker: string, side: TCallTurn['side']): TCallTurn => ({
  start,
  end,
  speaker,
  name: speaker,
  side,
});

describe('call stats formatting', () => {
  it.each([
    [0, '0 s'],
    [44.6, '45 s'],
    [60, '1 min'],
    [125, '2 min 5 s'],
    [3600, '1 h'],
    [3725, '1 h 2 min'],
  ])('lengthText(%s) is %s', (seconds, text) => expect(lengthText(seconds)).toBe(text));

  it('writes shares as whole percentages and rates with one decimal', () => {
    expect([percentText(0.434), percentText(0.655), percentText(1)]).toEqual(['43%', '66%', '100%']);
    expect([rateText(null), rateText(2.46), rateText(0)]).toEqual(['—', '2.5', '0.0']);
  });

  it("puts the team's lanes first, then the customer's, then unknown speakers, each in order of first turn", () => {
    const turns = [
      turn(0, 2, 'Speaker 2', 'unknown'),
      turn(2, 5, 'Neha', 'customer'),
      turn(5, 9, 'Asha', 'team'),
      turn(9, 10, 'Neha', 'customer'),
    ];
    expect(lanesOf(turns).map((l) => [l.speaker, l.turns.length])).toEqual([
      ['Asha', 1],
      ['Neha', 2],
      ['Speaker 2', 1],
    ]);
  });

  it("ends the axis at the recording's end, or the last word when later, and never at 0", () => {
    const turns = [turn(0, 300, 'Asha', 'team')];
    expect(timelineEnd(turns, 1920)).toBe(1920);
    expect(timelineEnd(turns, 200)).toBe(300);
    expect(timelineEnd([], null)).toBe(1);
    expect(axisTicks(310)).toEqual([0, 77, 155, 232, 310]);
  });
});
