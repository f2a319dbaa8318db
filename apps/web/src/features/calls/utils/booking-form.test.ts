import { describe, expect, it } from 'vitest';
import { BOOKING_MESSAGES } from '@pipewise/contract/calendar';
import { meetingFixture } from '../../../../test/call-fixtures';
import { formFieldOf, initialForm, nextHour, validateBooking, type BookingForm } from './booking-form';

const now = new Date(2026, 10, 23, 12, 10);
const form = (extra: Partial<BookingForm> = {}): BookingForm => ({ ...initialForm(now), title: 'Call', ...extra });

describe('the schedule-call form', () => {
  it('starts a new call at the next whole hour, 30 minutes long', () => {
    expect(nextHour(now)).toEqual(new Date(2026, 10, 23, 13, 0));
    expect(initialForm(now)).toMatchObject({ date: '2026-11-23', time: '13:00', length: '30', attendees: [] });
  });

  it('fills an edit from the booked call: a preset length, or a custom one; the organiser is not an attendee', () => {
    const booked = meetingFixture({
      start_time: new Date(2026, 10, 24, 9, 0).toISOString(),
      end_time: new Date(2026, 10, 24, 9, 50).toISOString(),
    });
    expect(initialForm(now, booked)).toMatchObject({ date: '2026-11-24', time: '09:00', length: 'custom', customMinutes: '50' });
    expect(initialForm(now, booked).attendees).toEqual(['neha@kaveri.example']);
  });

  it.each([
    [{ title: ' ' }, 'title', BOOKING_MESSAGES.title],
    [{ time: '11:00' }, 'start', BOOKING_MESSAGES.startInPast],
    [{ date: '' }, 'start', BOOKING_MESSAGES.start],
    [{ length: 'custom', customMinutes: '0' }, 'length', BOOKING_MESSAGES.durationTooShort],
    [{ length: 'custom', customMinutes: '1441' }, 'length', BOOKING_MESSAGES.durationTooLong],
    [{ attendees: Array.from({ length: 101 }, (_, i) => `g${i}@x.example`) }, 'attendees', BOOKING_MESSAGES.tooManyAttendees],
    [{ meetLink: 'javascript:alert(1)' }, 'meetLink', BOOKING_MESSAGES.meetLink],
  ] as const)('refuses %o beside its field', (change, field, message) => {
    expect(validateBooking(form(change), now)).toEqual({ [field]: message });
  });

  it('lets an edit keep a start that has passed', () => {
    expect(validateBooking(form({ time: '11:00' }), now, false)).toEqual({});
  });

  it('maps the server’s field errors to the form’s fields', () => {
    expect(['title', 'start_time', 'duration_minutes', 'attendees.3', 'meet_link', 'deal_id'].map(formFieldOf)).toEqual([
      'title',
      'start',
      'length',
      'attendees',
      'meetLink',
      null,
    ]);
  });
});
