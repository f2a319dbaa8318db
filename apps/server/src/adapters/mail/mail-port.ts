export type MailMessage = {
  to: string;
  subject: string;
  text: string;
  html: string;
  /**
   * One line for the operator's console when mail is not really sent (the embedded outbox),
   * e.g. the sign-in code. Real transports ignore it, so it never reaches logs in production.
   */
  consoleHint?: string;
  /**
   * A calendar invitation: sent as a text/calendar part (method=REQUEST or CANCEL) and as an
   * invite.ics attachment, so mail programs offer to add it and calendar programs read it.
   */
  calendar?: { method: 'REQUEST' | 'CANCEL'; content: string };
};

/** The message as nodemailer sends it (both transports): the invitation as its icalEvent. */
export function nodemailerMessage(from: string, message: MailMessage) {
  const { to, subject, text, html, calendar } = message;
  return {
    from,
    to,
    subject,
    text,
    html,
    ...(calendar ? { icalEvent: { method: calendar.method, filename: 'invite.ics', content: calendar.content } } : {}),
  };
}

export interface MailSender {
  readonly kind: 'smtp' | 'outbox';
  send(message: MailMessage): Promise<void>;
}
