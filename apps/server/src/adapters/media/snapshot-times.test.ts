import { describe, expect, it } from 'vitest';
import { snapshotTimes } from './snapshot-times';

describe('snapshotTimes', () => {
  it.each([
    ['a clip shorter than the interval', 7, 30, 20, { everySeconds: 30, times: [0] }],
    ['a two-minute call', 120, 30, 20, { everySeconds: 30, times: [0, 30, 60, 90] }],
    [
      'an hour-long call, spaced to stay under the cap',
      3600,
      30,
      20,
      { everySeconds: 180, times: Array.from({ length: 20 }, (_, i) => i * 180) },
    ],
    ['no duration', 0, 30, 20, { everySeconds: 30, times: [] }],
  ])('plans %s', (_name, duration, every, max, expected) => {
    expect(snapshotTimes(duration, every, max)).toEqual(expected);
  });
});
