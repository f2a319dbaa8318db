import { describe, expect, it } from 'vitest';
import { clip, count, day, inr } from './answer-format';
import { searchKinds, searchText } from './search-terms';
import { dayRange, localDate, localTime, zoneOrUtc } from './time-zone';

describe('answer formatting', () => {
  it('writes rupees with Indian grouping, paise only when present', () => {
    expect(inr('250000')).toBe('₹2,50,000');
    expect(inr('123456789.50')).toBe('₹12,34,56,789.5');
    expect(inr(999)).toBe('₹999');
    expect(inr(null)).toBe('no amount');
  });

  it('writes dates, counts and clipped text readably', () => {
    expect(day('2026-11-05')).toBe('5 Nov 2026');
    expect(day(null)).toBe('no close date');
    expect(count(1, 'deal')).toBe('1 deal');
    expect(count(12000, 'deal')).toBe('12,000 deals');
    expect(clip('word '.repeat(50), 20)).toMatch(/^word word word word…$/);
  });
});

describe('time zones', () => {
  it("finds the caller's day and its bounds, UTC when the zone is unknown", () => {
    const instant = new Date('2026-11-22T20:00:00Z');
    expect(localDate(instant, 'Asia/Kolkata')).toBe('2026-11-23');
    expect(localDate(instant, 'UTC')).toBe('2026-11-22');
    expect(dayRange('2026-11-23', 'Asia/Kolkata')).toEqual({
      from: new Date('2026-11-22T18:30:00Z'),
      to: new Date('2026-11-23T18:30:00Z'),
    });
    expect(dayRange('2026-03-08', 'America/New_York').to.getTime() - dayRange('2026-03-08', 'America/New_York').from.getTime()).toBe(
      23 * 3_600_000,
    );
    expect(localTime(new Date('2026-11-22T06:30:00Z'), 'Asia/Kolkata')).toBe('12:00 PM');
    expect(zoneOrUtc('Mars/Olympus')).toBe('UTC');
    expect(zoneOrUtc(undefined)).toBe('UTC');
  });
});

describe('search terms', () => {
  it("keeps the words worth searching and drops the question's own wording", () => {
    expect(searchText('Did anyone mention data residency in a meeting?')).toBe('anyone data residency');
    expect(searchText('find "volume discount" please')).toBe('"volume discount"');
    expect(searchKinds('which meetings talked about GST')).toEqual({ meetings: true, deals: false });
    expect(searchKinds('GST quotations')).toEqual({ meetings: true, deals: true });
  });
});
