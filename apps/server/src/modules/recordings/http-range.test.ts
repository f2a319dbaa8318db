import { describe, expect, it } from 'vitest';
import { parseRange } from './http-range';

describe('parseRange', () => {
  it.each([
    [undefined, 1000, { kind: 'full' }],
    ['bytes=0-99', 1000, { kind: 'partial', start: 0, end: 99 }],
    ['bytes=500-', 1000, { kind: 'partial', start: 500, end: 999 }],
    ['bytes=-100', 1000, { kind: 'partial', start: 900, end: 999 }],
    ['bytes=-5000', 1000, { kind: 'partial', start: 0, end: 999 }],
    ['bytes=990-2000', 1000, { kind: 'partial', start: 990, end: 999 }],
    ['bytes=999-999', 1000, { kind: 'partial', start: 999, end: 999 }],
    ['bytes=1000-', 1000, { kind: 'unsatisfiable' }],
    ['bytes=99999999999999999999-', 1000, { kind: 'unsatisfiable' }],
    ['bytes=-0', 1000, { kind: 'unsatisfiable' }],
    ['bytes=5-1', 1000, { kind: 'full' }],
    ['bytes=0-1,5-6', 1000, { kind: 'full' }],
    ['items=0-1', 1000, { kind: 'full' }],
    ['bytes=-', 1000, { kind: 'full' }],
    ['bytes=abc', 1000, { kind: 'full' }],
  ])('%s of %i bytes', (header, size, expected) => {
    expect(parseRange(header, size)).toEqual(expected);
  });
});
