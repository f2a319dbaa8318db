import nodemailer from 'nodemailer';
import { nodemailerMessage, type MailMessage, type MailSender } from './mail-port';

/** Real SMTP delivery; errors propagate so callers can tell the user. */
export function createSmtpMailSender(smtpUrl: string, from: string): MailSender {
  // Timeouts go beside the URL: createTransport's second argument is message defaults, where
  // they would be ignored (nodemailer's own are 2 min to connect, 30 s greeting, 10 min idle).
  // Settings in the URL's query string still win over these.
  const transport = nodemailer.createTransport({
    url: smtpUrl,
    connectionTimeout: 10_000,
    greetingTimeout: 10_000,
    socketTimeout: 20_000,
  });
  return {
    kind: 'smtp',
    async send(message: MailMessage) {
      await transport.sendMail(nodemailerMessage(from, message));
    },
  };
}
