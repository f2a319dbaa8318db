import { afterEach, describe, expect, it } from 'vitest';
import { parseCloseDate } from './date-parser';

/**
 * A close date depends on the moment and the caller's zone only: the server may run in any zone
 * (process.env.TZ), including ones whose day differs from the caller's and from UTC's.
 */
const SERVER_ZONES = ['UTC', 'America/Los_Angeles', 'Asia/Kolkata', 'Pacific/Auckland', 'Pacific/Kiritimati', 'America/Santiago'];
const processZone = process.env.TZ;

afterEach(() => {
  if (processZone === undefined) delete process.env.TZ;
  else process.env.TZ = processZone;
});

/** The close date read on a server in each zone; Node re-reads TZ when it is assigned. */
function onEachServer(text: string, now: string, timeZone: string): Record<string, string | null> {
  return Object.fromEntries(
    SERVER_ZONES.map((zone) => {
      process.env.TZ = zone;
      return [zone, parseCloseDate(text, { now: new Date(now), timeZone })];
    }),
  );
}

const everywhere = (date: string) => Object.fromEntries(SERVER_ZONES.map((zone) => [zone, date]));

describe('close dates on a server in any zone', () => {
  it('changes the process zone for the cases below', () => {
    process.env.TZ = 'Pacific/Kiritimati';
    expect(new Date('2026-11-26T06:00:00Z').getDate()).toBe(26);
    process.env.TZ = 'America/Los_Angeles';
    expect(new Date('2026-11-26T06:00:00Z').getDate()).toBe(25);
  });

  it.each([
    // Thursday 11:30 in Kolkata: the bare weekday said on that weekday is next week's.
    ['thurs', '2026-11-26T06:00:00Z', 'Asia/Kolkata', '2026-12-03'],
    // Thursday 23:30 in Los Angeles, already Friday in UTC and Saturday in Kiritimati.
    ['thurs', '2026-11-27T07:30:00Z', 'America/Los_Angeles', '2026-12-03'],
    ['friday', '2026-11-27T07:30:00Z', 'America/Los_Angeles', '2026-11-27'],
    ['tomorrow', '2026-11-27T07:30:00Z', 'America/Los_Angeles', '2026-11-27'],
    ['today', '2026-11-27T07:30:00Z', 'America/Los_Angeles', '2026-11-26'],
    // Thursday 00:30 in Auckland, still Wednesday in UTC and in Los Angeles.
    ['thurs', '2026-11-25T11:30:00Z', 'Pacific/Auckland', '2026-12-03'],
    ['wednesday', '2026-11-25T11:30:00Z', 'Pacific/Auckland', '2026-12-02'],
    ['today', '2026-11-25T11:30:00Z', 'Pacific/Auckland', '2026-11-26'],
    ['next tues', '2026-11-25T11:30:00Z', 'Pacific/Auckland', '2026-12-01'],
    // "this" weekday on that weekday is today.
    ['this thursday', '2026-11-26T06:00:00Z', 'Asia/Kolkata', '2026-11-26'],
    // A day and month already past this year is next year's, from the caller's today.
    ['nov 25', '2026-11-25T11:30:00Z', 'Pacific/Auckland', '2027-11-25'],
    // 00:30 on New Year's Day in Kiritimati, still 31 December in UTC.
    ['in 2 days', '2026-12-31T10:30:00Z', 'Pacific/Kiritimati', '2027-01-03'],
    ['end of year', '2026-12-31T10:30:00Z', 'Pacific/Kiritimati', '2027-12-31'],
    // 00:30 on Sunday 6 September in Auckland: a time Santiago skips that night (its clocks go from 00:00 to 01:00).
    ['today', '2026-09-05T12:30:00Z', 'Pacific/Auckland', '2026-09-06'],
    ['tomorrow', '2026-09-05T12:30:00Z', 'Pacific/Auckland', '2026-09-07'],
    ['sunday', '2026-09-05T12:30:00Z', 'Pacific/Auckland', '2026-09-13'],
  ])('"%s" at %s in %s is %s', (text, now, timeZone, date) => {
    expect(onEachServer(text, now, timeZone)).toEqual(everywhere(date));
  });
});
