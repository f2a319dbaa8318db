import path from 'node:path';
import type { Config } from '../../config';
import type { MailSender } from './mail-port';
import { createOutboxMailSender } from './outbox-mail-sender';
import { createSmtpMailSender } from './smtp-mail-sender';

export function createMailSender(config: Pick<Config, 'smtpUrl' | 'mailFrom' | 'dataDir'>): MailSender {
  return config.smtpUrl
    ? createSmtpMailSender(config.smtpUrl, config.mailFrom)
    : createOutboxMailSender(path.join(config.dataDir, 'outbox'), config.mailFrom);
}
