import { calendarSyncDueJob, calendarSyncJob, CALENDAR_SCHEDULE } from '../modules/calendar/calendar-jobs';
import { sendMailJob } from '../modules/mail/mail-jobs';
import {
  processRecordingJob,
  RECORDINGS_SCHEDULE,
  removeUnclaimedUploadsJob,
  storeDemoMediaJob,
} from '../modules/recordings/recording-jobs';
import { cleanupJob, MAINTENANCE_SCHEDULE } from '../modules/maintenance/maintenance-jobs';
import type { JobDefinition } from './define-job';
import type { RecurringJob } from './recurring-jobs';

/** Every job type the worker runs: each module's <feature>-jobs.ts adds its own here. */
export const JOBS: JobDefinition[] = [
  sendMailJob,
  cleanupJob,
  calendarSyncJob,
  calendarSyncDueJob,
  processRecordingJob,
  storeDemoMediaJob,
  removeUnclaimedUploadsJob,
];

/** What the worker processes keep queued on a timer. */
export const RECURRING_JOBS: RecurringJob[] = [...MAINTENANCE_SCHEDULE, ...CALENDAR_SCHEDULE, ...RECORDINGS_SCHEDULE];
