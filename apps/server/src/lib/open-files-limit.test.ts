import { describe, expect, it } from 'vitest';
import { connectionCapFor, DESCRIPTOR_HEADROOM, parseOpenFilesLimit } from './open-files-limit';

const LIMITS = (soft: string, hard: string) => `Limit                     Soft Limit           Hard Limit           Units
Max cpu time              unlimited            unlimited            seconds
Max open files            ${soft.padEnd(20)} ${hard.padEnd(20)} files
Max locked memory         8388608              8388608              bytes
`;

describe('open-files limit', () => {
  it.each([
    ['1024', '524288', { soft: 1024, hard: 524288 }],
    ['20000', '20000', { soft: 20000, hard: 20000 }],
    ['unlimited', 'unlimited', { soft: Infinity, hard: Infinity }],
  ])('reads soft %s and hard %s from /proc/self/limits', (soft, hard, expected) => {
    expect(parseOpenFilesLimit(LIMITS(soft, hard))).toEqual(expected);
  });

  it('gives up on text without the line', () => {
    expect(parseOpenFilesLimit('Max cpu time unlimited unlimited seconds\n')).toBeUndefined();
  });

  it('keeps descriptors back from the connection cap', () => {
    expect(connectionCapFor({ soft: 1024, hard: 4096 })).toBe(1024 - DESCRIPTOR_HEADROOM);
    expect(connectionCapFor({ soft: 100, hard: 100 })).toBe(32);
    expect(connectionCapFor(undefined)).toBe(1024);
  });
});
