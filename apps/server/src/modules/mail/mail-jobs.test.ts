import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { MailMessage } from '../../adapters/mail/mail-port';
import { recordingMail } from '../../../test/fakes/recording-mail';
import { drainJobs, handlersOf, testServices } from '../../../test/jobs-fixture';
import { silentLog } from '../../../test/silent-log';
import { createTestDatabase, type TestDatabase } from '../../../test/test-db';
import { createJobRunner } from '../../jobs/worker';
import { sendMailJob } from './mail-jobs';

let database: TestDatabase;
beforeAll(async () => {
  database = await createTestDatabase();
});
afterAll(() => database.close());

describe('mail jobs', () => {
  it('mail.send hands the message to the mail adapter of the services container', async () => {
    const mail = recordingMail();
    const services = testServices(database, { mail });
    const message: MailMessage = { to: 'a@b.example', subject: 'Hi', text: 'Hello', html: '<p>Hello</p>' };
    await services.queue.enqueue(sendMailJob, message);
    expect(await drainJobs(createJobRunner({ queue: services.queue, jobs: handlersOf(services, sendMailJob), log: silentLog }))).toBe(1);
    expect(mail.sent).toEqual([message]);
  });

  it('refuses to queue mail without a valid recipient', async () => {
    const { queue } = testServices(database);
    await expect(queue.enqueue(sendMailJob, { to: 'nobody', subject: 'Hi', text: '', html: '' })).rejects.toThrow(
      'Invalid payload for mail.send: to:',
    );
  });
});
