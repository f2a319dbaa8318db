import { describe, expect, it } from 'vitest';
import { inTimeZone } from '../../../../test/call-fixtures';
import { formatCallTime, formatClock } from './call-time';

const call = (start_time: string, end_time: string | null, all_day = false) => ({ start_time, end_time, all_day });

describe('call time', () => {
  it("shows 12-hour lower-case start and end in the viewer's zone", () => {
    inTimeZone('Asia/Kolkata', () => {
      expect(formatCallTime(call('2026-11-23T04:00:00Z', '2026-11-23T04:30:00Z'))).toBe('9:30 am - 10:00 am');
      expect(formatCallTime(call('2026-11-23T06:30:00Z', '2026-11-23T07:45:00Z'))).toBe('12:00 pm - 1:15 pm');
    });
    inTimeZone('America/New_York', () => {
      expect(formatCallTime(call('2026-11-23T04:00:00Z', '2026-11-23T05:05:00Z'))).toBe('11:00 pm - 12:05 am');
    });
  });

  it('writes midnight and noon as 12', () => {
    expect(formatClock(new Date(2026, 10, 23, 0, 5))).toBe('12:05 am');
    expect(formatClock(new Date(2026, 10, 23, 12, 0))).toBe('12:00 pm');
    expect(formatClock(new Date(2026, 10, 23, 23, 59))).toBe('11:59 pm');
  });

  it("says 'Time not specified' without a readable start or for an all-day event", () => {
    expect(formatCallTime(call('', null))).toBe('Time not specified');
    expect(formatCallTime(call('not a date', '2026-11-23T04:30:00Z'))).toBe('Time not specified');
    expect(formatCallTime(call('2026-11-23', null, true))).toBe('Time not specified');
  });

  it('shows the start alone when the end is missing or unreadable', () => {
    inTimeZone('UTC', () => {
      expect(formatCallTime(call('2026-11-23T15:00:00Z', null))).toBe('3:00 pm');
      expect(formatCallTime(call('2026-11-23T15:00:00Z', 'later'))).toBe('3:00 pm');
    });
  });
});
