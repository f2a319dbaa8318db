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
};

export interface MailSender {
  readonly kind: 'smtp' | 'outbox';
  send(message: MailMessage): Promise<void>;
}
