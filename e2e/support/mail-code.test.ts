import nodemailer from 'nodemailer';
import { describe, expect, it } from 'vitest';
import { parseMail } from './mail-code';

/** Builds the raw message exactly as nodemailer would put it on the wire. */
async function rawMail(text: string, html: string): Promise<string> {
  const transport = nodemailer.createTransport({ streamTransport: true, buffer: true, newline: 'unix' });
  const info = await transport.sendMail({ from: 'a@x.example', to: 'b@x.example', subject: 'Your code', text, html });
  return (info.message as Buffer).toString('utf8');
}

describe('parseMail', () => {
  it('reads the code from the text part of a multipart mail', async () => {
    const raw = await rawMail('Your Pipewise sign-in code is 042917\n\nIt expires in 10 minutes.', '<p>Ignore 111111</p>');
    expect(parseMail(raw)).toMatchObject({ subject: 'Your code', code: '042917' });
  });

  it('decodes quoted-printable text with long lines and non-ASCII', async () => {
    const raw = await rawMail(`Namaste — ${'x'.repeat(120)} code 735201 ✓`, '<p>x</p>');
    const mail = parseMail(raw);
    expect(mail.code).toBe('735201');
    expect(mail.text).toContain('Namaste —');
  });

  it('reads the iCalendar invitation of a booked call', async () => {
    const transport = nodemailer.createTransport({ streamTransport: true, buffer: true, newline: 'unix' });
    const ics = 'BEGIN:VCALENDAR\nMETHOD:REQUEST\nBEGIN:VEVENT\nUID:x@pipewise\nSEQUENCE:0\nEND:VEVENT\nEND:VCALENDAR\n';
    const info = await transport.sendMail({
      from: 'a@x.example',
      to: 'b@x.example',
      subject: 'Invitation: Demo',
      text: 'Rahul invited you',
      html: '<p>Rahul invited you</p>',
      icalEvent: { method: 'REQUEST', filename: 'invite.ics', content: ics },
    });
    const mail = parseMail((info.message as Buffer).toString('utf8'));
    expect(mail.text).toContain('Rahul invited you');
    expect(mail.calendar).toContain('METHOD:REQUEST');
    expect(mail.calendar).toContain('UID:x@pipewise');
  });
});
