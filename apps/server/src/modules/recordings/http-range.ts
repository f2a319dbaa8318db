/** What a Range header asks of an object of `size` bytes (RFC 9110, single byte ranges). */
export type RangeRequest = { kind: 'full' } | { kind: 'partial'; start: number; end: number } | { kind: 'unsatisfiable' };

const FULL = { kind: 'full' } as const;
const UNSATISFIABLE = { kind: 'unsatisfiable' } as const;

/**
 * Reads `bytes=a-b`, `bytes=a-` and `bytes=-n`. A header it does not understand (another unit,
 * several ranges, a reversed range) is ignored and the whole object is served, as the RFC allows.
 */
export function parseRange(header: string | undefined, size: number): RangeRequest {
  if (!header) return FULL;
  const m = /^bytes=(\d*)-(\d*)$/.exec(header.trim());
  if (!m || (m[1] === '' && m[2] === '')) return FULL;
  if (m[1] === '') {
    const suffix = Number(m[2]);
    if (suffix === 0 || size === 0) return UNSATISFIABLE;
    return { kind: 'partial', start: Math.max(0, size - suffix), end: size - 1 };
  }
  const start = Number(m[1]);
  const last = m[2] === '' ? Infinity : Number(m[2]);
  if (last < start) return FULL;
  if (start >= size) return UNSATISFIABLE;
  return { kind: 'partial', start, end: Math.min(last, size - 1) };
}
