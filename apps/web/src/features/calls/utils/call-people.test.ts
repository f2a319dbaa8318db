import { describe, expect, it } from 'vitest';
import { attendeeName, formatAttendees } from './call-people';

const people = (...emails: string[]) => emails.map((email) => ({ email, responseStatus: 'accepted' as const }));

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
