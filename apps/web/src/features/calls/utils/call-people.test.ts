import { describe, expect, it } from 'vitest';
import { attendeeName, formatAttendees, isTeamCall } from './call-people';

const people = (...emails: string[]) => emails.map((email) => ({ email, responseStatus: 'accepted' as const }));

describe('team rule', () => {
  it('follows is_team when the calendar gives it', () => {
    expect(isTeamCall({ is_team: true, attendees: people('a@x.in') })).toBe(true);
    expect(isTeamCall({ is_team: false, attendees: people('a@x.in', 'b@x.in', 'c@x.in', 'd@x.in') })).toBe(false);
  });

  it('counts more than 2 attendees as a team call when is_team is not given', () => {
    expect(isTeamCall({ is_team: null, attendees: people() })).toBe(false);
    expect(isTeamCall({ is_team: null, attendees: people('a@x.in', 'b@x.in') })).toBe(false);
    expect(isTeamCall({ is_team: null, attendees: people('a@x.in', 'b@x.in', 'c@x.in') })).toBe(true);
  });
});

describe('attendee display', () => {
  it('uses the part before the @', () => {
    expect(attendeeName('neha.iyer@kaveri.example')).toBe('neha.iyer');
    expect(attendeeName('no-at-sign')).toBe('no-at-sign');
  });

  it('lists up to two, and collapses more to the first two plus a count', () => {
    expect(formatAttendees(people())).toBe('');
    expect(formatAttendees(people('asha@acme.example'))).toBe('asha');
    expect(formatAttendees(people('asha@acme.example', 'ravi@acme.example'))).toBe('asha, ravi');
    expect(formatAttendees(people('asha@acme.example', 'ravi@acme.example', 'neha@kaveri.example'))).toBe('asha, ravi ... +1 more');
    expect(formatAttendees(people('a@x.in', 'b@x.in', 'c@x.in', 'd@x.in', 'e@x.in'))).toBe('a, b ... +3 more');
  });
});
