import { describe, expect, it } from 'vitest';
import { inTimeZone } from '../../../../test/call-fixtures';
import { callEnd, callStart, isToday, localDayKey, startOfLocalDay } from './call-day';

const at = (start_time: string, all_day = false) => ({ start_time, end_time: null, all_day });

describe('today by local calendar date', () => {
  it("counts a call as today by the viewer's date, not by UTC", () => {
    // 23:30 UTC on the 22nd is 05:00 on the 23rd in India and 18:30 on the 22nd in New York;
    // 06:00 UTC on the 23rd is the 23rd in both.
    const call = at('2026-11-22T23:30:00Z');
    const now = new Date('2026-11-23T06:00:00Z');
    expect(inTimeZone('Asia/Kolkata', () => isToday(call, now))).toBe(true);
    expect(inTimeZone('America/New_York', () => isToday(call, now))).toBe(false);
    expect(inTimeZone('UTC', () => isToday(call, now))).toBe(false);
  });

  it('turns over at local midnight', () => {
    inTimeZone('Asia/Kolkata', () => {
      const lateCall = at('2026-11-23T23:59:00+05:30');
      expect(isToday(lateCall, new Date('2026-11-23T00:00:00+05:30'))).toBe(true);
      expect(isToday(lateCall, new Date('2026-11-23T23:59:59+05:30'))).toBe(true);
      expect(isToday(lateCall, new Date('2026-11-24T00:00:00+05:30'))).toBe(false);
      expect(isToday(at('2026-11-24T00:00:00+05:30'), new Date('2026-11-23T23:59:59+05:30'))).toBe(false);
    });
  });

  it('starts the local day at local midnight', () => {
    inTimeZone('America/Los_Angeles', () => {
      const start = startOfLocalDay(new Date('2026-11-23T07:59:00Z'));
      expect(start.toISOString()).toBe('2026-11-22T08:00:00.000Z');
      expect(localDayKey(start)).toBe('2026-11-22');
    });
  });

  it('keeps an all-day event on its calendar date in every zone', () => {
    const holiday = at('2026-11-23', true);
    for (const zone of ['Pacific/Honolulu', 'UTC', 'Asia/Kolkata', 'Pacific/Kiritimati']) {
      inTimeZone(zone, () => {
        expect(isToday(holiday, new Date(2026, 10, 23, 0, 0))).toBe(true);
        expect(isToday(holiday, new Date(2026, 10, 23, 23, 59))).toBe(true);
        expect(isToday(holiday, new Date(2026, 10, 24, 0, 0))).toBe(false);
        expect(isToday({ ...holiday, start_time: '2026-11-23T00:00:00Z' }, new Date(2026, 10, 23, 12))).toBe(true);
      });
    }
  });

  it('ends an all-day event at the next local midnight and a call without an end when it starts', () => {
    inTimeZone('Asia/Kolkata', () => {
      expect(callEnd({ ...at('2026-11-23', true) })).toEqual(new Date(2026, 10, 24));
      expect(callEnd(at('2026-11-23T09:00:00Z'))).toEqual(new Date('2026-11-23T09:00:00Z'));
      expect(callEnd({ start_time: '2026-11-23T09:00:00Z', end_time: 'soon', all_day: false })).toEqual(new Date('2026-11-23T09:00:00Z'));
    });
  });

  it('treats an unreadable start as no day at all', () => {
    expect(callStart(at('tomorrow'))).toBeNull();
    expect(callStart(at('tomorrow', true))).toBeNull();
    expect(isToday(at(''), new Date())).toBe(false);
  });
});
