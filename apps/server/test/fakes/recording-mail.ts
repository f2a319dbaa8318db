import type { MailMessage, MailSender } from '../../src/adapters/mail/mail-port';

/** A mail sender for tests: keeps every message in `sent`; while `failure` is set, sending throws it. */
export type RecordingMail = MailSender & { readonly sent: MailMessage[]; failure: Error | null };

export function recordingMail(): RecordingMail {
  const sent: MailMessage[] = [];
  return {
    kind: 'outbox',
    sent,
    failure: null,
    async send(message) {
      if (this.failure) throw this.failure;
      sent.push(message);
    },
  };
}
