import type net from 'node:net';
import ICAL from 'ical.js';
import { SMTPServer } from 'smtp-server';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createSmtpMailSender } from '../../adapters/mail/smtp-mail-sender';
import { invitationIcs, invitationMail, invitationUid, whenInWords, type TInvitation } from './meeting-invitation';

/**
 * The invitation of a booked call: its iCalendar file as a calendar program reads it (parsed back
 * with ical.js), and its delivery over real SMTP (smtp-server standing in for the mail server) as a
 * text/calendar part with method=REQUEST and an invite.ics attachment.
 */

const invitation: TInvitation = {
  bookingId: '6f1c2a4e-8d3b-4c5a-9e7f-0a1b2c3d4e5f',
  method: 'REQUEST',
  sequence: 0,
  title: 'Proposal walkthrough; pricing, terms',
  start: '2030-03-04T09:30:00.000Z',
  end: '2030-03-04T10:15:00.000Z',
  timeZone: 'Asia/Kolkata',
  organizer: { name: 'Rahul Verma', email: 'rahul@acme.example' },
  attendees: [
    { email: 'kaveri@customer.example', name: null },
    { email: 'priya@acme.example', name: 'Priya Nair' },
  ],
  meetLink: 'https://meet.example/abc-defg-hij',
  stamp: '2030-03-01T08:00:00.000Z',
};

function parse(ics: string) {
  const calendar = new ICAL.Component(ICAL.parse(ics));
  const event = calendar.getFirstSubcomponent('vevent')!;
  return { calendar, event };
}

describe('the iCalendar file', () => {
  it('is a METHOD:REQUEST with a stable UID, SEQUENCE, ORGANIZER and each attendee asked to RSVP', () => {
    const { calendar, event } = parse(invitationIcs(invitation));
    expect(calendar.getFirstPropertyValue('method')).toBe('REQUEST');
    expect(event.getFirstPropertyValue('uid')).toBe(invitationUid(invitation.bookingId));
    expect(event.getFirstPropertyValue('sequence')).toBe(0);
    expect(event.getFirstPropertyValue('summary')).toBe(invitation.title);
    expect(event.getFirstPropertyValue('status')).toBe('CONFIRMED');
    expect((event.getFirstPropertyValue('dtstart') as ICAL.Time).toJSDate().toISOString()).toBe(invitation.start);
    expect((event.getFirstPropertyValue('dtend') as ICAL.Time).toJSDate().toISOString()).toBe(invitation.end);
    const organizer = event.getFirstProperty('organizer')!;
    expect(String(organizer.getFirstValue()).toLowerCase()).toBe('mailto:rahul@acme.example');
    expect(organizer.getParameter('cn')).toBe('Rahul Verma');
    const attendees = event
      .getAllProperties('attendee')
      .map((p) => [String(p.getFirstValue()).toLowerCase(), p.getParameter('rsvp'), p.getParameter('partstat')]);
    expect(attendees).toEqual([
      ['mailto:kaveri@customer.example', 'TRUE', 'NEEDS-ACTION'],
      ['mailto:priya@acme.example', 'TRUE', 'NEEDS-ACTION'],
    ]);
    expect(event.getFirstPropertyValue('location')).toBe(invitation.meetLink);
  });

  it('an update keeps the UID with the next SEQUENCE; a cancel is METHOD:CANCEL with STATUS:CANCELLED', () => {
    const update = parse(invitationIcs({ ...invitation, sequence: 1 }));
    expect(update.event.getFirstPropertyValue('uid')).toBe(invitationUid(invitation.bookingId));
    expect(update.event.getFirstPropertyValue('sequence')).toBe(1);
    const cancel = parse(invitationIcs({ ...invitation, method: 'CANCEL', sequence: 2 }));
    expect(cancel.calendar.getFirstPropertyValue('method')).toBe('CANCEL');
    expect(cancel.event.getFirstPropertyValue('status')).toBe('CANCELLED');
    expect(cancel.event.getFirstPropertyValue('sequence')).toBe(2);
    expect(cancel.event.getFirstPropertyValue('uid')).toBe(invitationUid(invitation.bookingId));
  });

  it('says when in the organiser’s zone', () => {
    expect(whenInWords(invitation)).toBe('Monday, March 4, 2030 at 3:00 PM (Asia/Kolkata)');
    expect(whenInWords({ ...invitation, timeZone: null })).toBe('Monday, March 4, 2030 at 9:30 AM (UTC)');
  });
});

describe('delivery over SMTP', () => {
  const received: string[] = [];
  let server: SMTPServer;
  let url: string;
  beforeAll(async () => {
    server = new SMTPServer({
      authOptional: true,
      disabledCommands: ['STARTTLS'],
      logger: false,
      onData(stream, _session, callback) {
        const chunks: Buffer[] = [];
        stream.on('data', (c: Buffer) => chunks.push(c));
        stream.on('end', () => {
          received.push(Buffer.concat(chunks).toString('utf8'));
          callback();
        });
      },
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    url = `smtp://127.0.0.1:${(server.server.address() as net.AddressInfo).port}`;
  });
  afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

  it('arrives with a text/calendar; method=REQUEST part and an invite.ics attachment a calendar program reads', async () => {
    await createSmtpMailSender(url, 'Pipewise <calls@pipewise.test>').send(invitationMail(invitation, 'kaveri@customer.example'));
    expect(received).toHaveLength(1);
    const raw = received[0]!.replace(/\r\n/g, '\n');
    expect(raw).toMatch(/^Subject: Invitation: Proposal walkthrough; pricing, terms$/m);
    expect(raw).toMatch(/Content-Type: text\/calendar; charset=utf-8; method=REQUEST/i);
    expect(raw).toMatch(/Content-Disposition: attachment; filename=invite\.ics/i);
    const ics = calendarPart(raw);
    const { calendar, event } = parse(ics);
    expect(calendar.getFirstPropertyValue('method')).toBe('REQUEST');
    expect(event.getFirstPropertyValue('uid')).toBe(invitationUid(invitation.bookingId));
  });
});

/** The first text/calendar part of a raw message, decoded. */
function calendarPart(raw: string): string {
  const at = raw.search(/Content-Type: text\/calendar/i);
  const rest = raw.slice(at);
  const headEnd = rest.indexOf('\n\n');
  const head = rest.slice(0, headEnd);
  const body = rest.slice(headEnd + 2, rest.search(/\n--/));
  const encoding = /Content-Transfer-Encoding: ([\w-]+)/i.exec(head)?.[1]?.toLowerCase() ?? '7bit';
  if (encoding === 'base64') return Buffer.from(body.replace(/\s+/g, ''), 'base64').toString('utf8');
  if (encoding === 'quoted-printable') {
    return Buffer.from(
      body.replace(/=\n/g, '').replace(/=([0-9A-F]{2})/gi, (_m, hex: string) => String.fromCharCode(parseInt(hex, 16))),
      'latin1',
    ).toString('utf8');
  }
  return body;
}
