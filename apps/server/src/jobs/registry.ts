import { CALENDAR_SCHEDULE } from '../modules/calendar/calendar-jobs';
import { RECORDINGS_SCHEDULE } from '../modules/recordings/recording-jobs';
import { MAINTENANCE_SCHEDULE } from '../modules/maintenance/maintenance-jobs';
import { HUBSPOT_SCHEDULE } from '../modules/hubspot/hubspot-jobs';
import { WHATSAPP_NOTIFICATIONS_SCHEDULE } from '../modules/whatsapp/whatsapp-notifications-jobs';
import { WHATSAPP_WEBHOOK_SCHEDULE } from '../modules/whatsapp/whatsapp-webhook-jobs';
import type { RecurringJob } from './recurring-jobs';

/**
 * What the worker processes keep queued on a timer. The handlers that run every job are built in
 * services.ts (`services.jobs`), each module's from its own `createXJobs(deps)`.
 */
export const RECURRING_JOBS: RecurringJob[] = [
  ...MAINTENANCE_SCHEDULE,
  ...CALENDAR_SCHEDULE,
  ...RECORDINGS_SCHEDULE,
  ...HUBSPOT_SCHEDULE,
  ...WHATSAPP_WEBHOOK_SCHEDULE,
  ...WHATSAPP_NOTIFICATIONS_SCHEDULE,
];
