import path from 'node:path';
import type { Config } from '../../config';
import { createCloudWhatsappSender } from './cloud-whatsapp-sender';
import { createOutboxWhatsappSender } from './outbox-whatsapp-sender';
import type { WhatsappSender } from './whatsapp-port';

/** Meta's Cloud API once WHATSAPP_PHONE_NUMBER_ID and WHATSAPP_ACCESS_TOKEN are set, else DATA_DIR/outbox/whatsapp. */
export function createWhatsappSender(config: Pick<Config, 'whatsapp' | 'dataDir'>): WhatsappSender {
  const { cloud, apiBase } = config.whatsapp;
  return cloud
    ? createCloudWhatsappSender({ apiBase, phoneNumberId: cloud.phoneNumberId, accessToken: cloud.accessToken })
    : createOutboxWhatsappSender(path.join(config.dataDir, 'outbox', 'whatsapp'));
}
