import { describe, expect, it } from 'vitest';
import { inTimeZone, meetingFixture } from '../../../../test/call-fixtures';
import { joinableLink, sortByStart, todaysCalls, upcomingCalls } from './call-lists';

const ids = (calls: { id: string }[]) => calls.map((c) => c.id);

describe('call lists', () => {
  const calls = [
    meetingFixture({ id: 'tomorrow', start_time: '2026-11-24T04:00:00Z', end_time: '2026-11-24T04:30:00Z' }),
    meetingFixture({ id: 'later-today', start_time: '2026-11-23T10:00:00Z', end_time: '2026-11-23T10:30:00Z' }),
    meetingFixture({ id: 'earlier-today', start_time: '2026-11-23T04:00:00Z', end_time: '2026-11-23T04:30:00Z' }),
    meetingFixture({ id: 'under-way', start_time: '2026-11-23T06:00:00Z', end_time: '2026-11-23T07:00:00Z' }),
    meetingFixture({ id: 'all-day-today', start_time: '2026-11-23', end_time: '2026-11-24', all_day: true }),
    meetingFixture({ id: 'cancelled', start_time: '2026-11-23T08:00:00Z', end_time: '2026-11-23T08:30:00Z', status: 'cancelled' }),
    meetingFixture({ id: 'no-start', start_time: '', end_time: null }),
  ];
  // 12:00 in India on the 23rd.
  const now = new Date('2026-11-23T06:30:00Z');

  it("lists today's calls by local date, earliest first, without cancelled ones", () => {
    inTimeZone('Asia/Kolkata', () => {
      expect(ids(todaysCalls(calls, now))).toEqual(['all-day-today', 'earlier-today', 'under-way', 'later-today']);
    });
  });

  it('lists what is still to come or on another day, earliest first', () => {
    inTimeZone('Asia/Kolkata', () => {
      expect(ids(upcomingCalls(calls, now))).toEqual(['all-day-today', 'under-way', 'later-today', 'tomorrow']);
    });
  });

  it("moves a call between today and the other days with the viewer's zone", () => {
    // In New York 04:00 UTC on the 24th is still the 23rd, and 04:00 UTC on the 23rd the day before.
    inTimeZone('America/New_York', () => {
      const nyNow = new Date('2026-11-23T17:00:00Z');
      expect(ids(todaysCalls(calls, nyNow))).toEqual(['all-day-today', 'under-way', 'later-today', 'tomorrow']);
    });
  });

  it('sorts by start time, unreadable starts last, ties in API order', () => {
    const tie = [
      meetingFixture({ id: 'b', start_time: '2026-11-23T09:00:00Z' }),
      meetingFixture({ id: 'x', start_time: 'nope' }),
      meetingFixture({ id: 'c', start_time: '2026-11-23T09:00:00Z' }),
      meetingFixture({ id: 'a', start_time: '2026-11-23T08:00:00+00:00' }),
    ];
    expect(ids(sortByStart(tie))).toEqual(['a', 'b', 'c', 'x']);
  });
});

describe('join link', () => {
  it('accepts http(s) links only', () => {
    expect(joinableLink('https://meet.example/abc')).toBe('https://meet.example/abc');
    expect(joinableLink(null)).toBeNull();
    expect(joinableLink('')).toBeNull();
    expect(joinableLink('javascript:alert(1)')).toBeNull();
    expect(joinableLink('meet.example/abc')).toBeNull();
  });
});
