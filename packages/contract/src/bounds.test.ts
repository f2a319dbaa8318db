import { describe, expect, it } from 'vitest';
import { INT32_MAX, INT32_MIN, dateProblem, isValidIsoDate, zInt32 } from './bounds';

describe('storable dates', () => {
  it.each([
    ['2025-03-31', null],
    ['2024-02-29', null],
    ['1900-01-01', null],
    ['9999-12-31', null],
    ['2025-02-29', 'd must be a date as yyyy-mm-dd'],
    ['2025-3-1', 'd must be a date as yyyy-mm-dd'],
    ['99999-01-01', 'd must be a date as yyyy-mm-dd'],
    ['0000-01-01', 'd must be between 1900-01-01 and 9999-12-31'],
    ['0001-01-01', 'd must be between 1900-01-01 and 9999-12-31'],
    ['1899-12-31', 'd must be between 1900-01-01 and 9999-12-31'],
  ])('%s: %s', (value, problem) => {
    expect(dateProblem(value, 'd')).toBe(problem);
    expect(isValidIsoDate(value)).toBe(problem === null);
  });
});

describe('zInt32', () => {
  it.each([
    [INT32_MAX, true],
    [INT32_MIN, true],
    [0, true],
    [INT32_MAX + 1, false],
    [INT32_MIN - 1, false],
    [2 ** 53 + 2, false],
    [1.5, false],
  ])('%d passes: %s', (value, ok) => {
    const r = zInt32('version').safeParse(value);
    expect(r.success).toBe(ok);
    if (!ok) expect(r.error!.issues[0]!.message).toMatch(/^version (is out of range|must be a whole number)$/);
  });
});
