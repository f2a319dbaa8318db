import { describe, expect, it } from 'vitest';
import { ZGoogleEvent } from '../../adapters/google/google-schemas';
import { changesFromEvents, eventToMeeting } from './calendar-sync';

const ev = (raw: Record<string, unknown>) => ZGoogleEvent.parse(raw);

describe('eventToMeeting', () => {
  it.each([
    [
      'a timed event',
      { id: 'a', start: { dateTime: '2030-01-01T10:00:00+05:30' }, end: { dateTime: '2030-01-01T10:30:00+05:30' } },
      { startAt: new Date('2030-01-01T04:30:00Z'), allDay: false, timeZone: 'UTC' },
    ],
    [
      'an all-day event',
      { id: 'b', start: { date: '2030-01-02' }, end: { date: '2030-01-03' } },
      { startAt: new Date('2030-01-02T00:00:00Z'), endAt: new Date('2030-01-03T00:00:00Z'), allDay: true },
    ],
    [
      'the event time zone over the calendar one',
      { id: 'c', start: { dateTime: '2030-01-01T10:00:00Z', timeZone: 'Europe/Paris' } },
      { timeZone: 'Europe/Paris', endAt: null },
    ],
    [
      'a Meet link from conference data',
      {
        id: 'd',
        start: { dateTime: '2030-01-01T10:00:00Z' },
        conferenceData: {
          entryPoints: [
            { entryPointType: 'phone', uri: 'tel:1' },
            { entryPointType: 'video', uri: 'https://meet.google.com/x' },
          ],
        },
      },
      { meetLink: 'https://meet.google.com/x' },
    ],
    [
      'a tentative event with no title',
      { id: 'e', status: 'tentative', summary: '  ', start: { dateTime: '2030-01-01T10:00:00Z' } },
      { status: 'tentative', title: null },
    ],
  ])('maps %s', (_name, raw, expected) => {
    expect(eventToMeeting(ev(raw), 'UTC')).toMatchObject(expected);
  });

  it('keeps attendees with an address, lower-cased, with an unknown answer as needsAction', () => {
    const meeting = eventToMeeting(
      ev({
        id: 'a',
        start: { dateTime: '2030-01-01T10:00:00Z' },
        attendees: [
          { email: 'A@X.example', responseStatus: 'weird' },
          { displayName: 'Room 1' },
          { email: 'b@x.example', responseStatus: 'declined', organizer: true },
        ],
      }),
      null,
    );
    expect(meeting!.attendees).toEqual([
      { email: 'a@x.example', responseStatus: 'needsAction' },
      { email: 'b@x.example', responseStatus: 'declined', organizer: true },
    ]);
  });

  it('gives null for an event without a usable start', () => {
    expect(eventToMeeting(ev({ id: 'a', start: { dateTime: 'not a date' } }), null)).toBeNull();
    expect(eventToMeeting(ev({ id: 'a' }), null)).toBeNull();
  });
});

describe('changesFromEvents', () => {
  it('sorts a page into upserts and cancellations, the last version of an event winning', () => {
    const start = { dateTime: '2030-01-01T10:00:00Z' };
    const changes = changesFromEvents(
      [
        ev({ id: 'a', start }),
        ev({ id: 'b', start }),
        ev({ id: 'a', status: 'cancelled' }),
        ev({ id: 'c' }),
        ev({ id: 'b', summary: 'New', start }),
      ],
      null,
    );
    expect(changes.upserts.map((m) => [m.externalId, m.title])).toEqual([['b', 'New']]);
    expect(changes.cancelledIds).toEqual(['a']);
    expect(changes.skipped).toBe(1);
  });
});
