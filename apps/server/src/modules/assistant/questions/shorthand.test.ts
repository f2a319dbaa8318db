import { describe, expect, it } from 'vitest';
import { expandShorthand } from './shorthand';

describe('expandShorthand', () => {
  it('spells out the words reps shorten, whole words only', () => {
    expect(expandShorthand('anything closing nxt wk?')).toBe('anything closing next week?');
    expect(expandShorthand('Deals closing this QTR w/o next step')).toBe('Deals closing this quarter without next step');
    expect(expandShorthand('mtgs tmrw')).toBe('meetings tomorrow');
    expect(expandShorthand('Nxtra Labs pilot: stage?')).toBe('Nxtra Labs pilot: stage?');
    expect(expandShorthand('deal wk2 launch')).toBe('deal wk2 launch');
  });
});
