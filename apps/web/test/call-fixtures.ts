import type { TCalendarMeeting } from '@pipewise/contract/calendar';

/** A calendar meeting as the API answers it, with what a test cares about overridden. */
export function meetingFixture(overrides: Partial<TCalendarMeeting> = {}): TCalendarMeeting {
  return {
    id: 'm1',
    summary: 'Pricing review',
    start_time: '2026-11-23T09:30:00Z',
    end_time: '2026-11-23T10:00:00Z',
    timezone: 'UTC',
    all_day: false,
    status: 'confirmed',
    attendees: [
      { email: 'asha@acme.example', responseStatus: 'accepted', organizer: true, self: true },
      { email: 'neha@kaveri.example', responseStatus: 'needsAction' },
    ],
    organizer: 'asha@acme.example',
    meet_link: 'https://meet.example/abc-defg-hij',
    is_team: null,
    deal_id: null,
    deal_name: null,
    owner_email: 'asha@acme.example',
    source: 'builtin',
    ...overrides,
  };
}

/** Runs `fn` with the process in another time zone (Node reads TZ again whenever it changes). */
export function inTimeZone<T>(timeZone: string, fn: () => T): T {
  const previous = process.env.TZ;
  process.env.TZ = timeZone;
  try {
    return fn();
  } finally {
    if (previous === undefined) delete process.env.TZ;
    else process.env.TZ = previous;
  }
}
