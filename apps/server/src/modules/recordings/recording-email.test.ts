import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { chatCompletion, startFakeHttpServer, type FakeHttpServer } from '../../../test/fakes/http-fake-server';
import { signIn, type TestSession } from '../../../test/sessions';
import { createTestApp, type TestApp } from '../../../test/test-app';
import { recordings, users } from '../../db/schema';

const RAHUL = 'rahul@acme.example';

async function rahulsCall(t: TestApp) {
  const [rahul] = await t.database.db.select({ id: users.id }).from(users).where(eq(users.email, RAHUL));
  const [row] = await t.database.db
    .select()
    .from(recordings)
    .where(eq(recordings.uploadedBy, rahul!.id))
    .orderBy(recordings.createdAt)
    .limit(1);
  return row!;
}

describe('Generate AI Email (offline template)', () => {
  let t: TestApp;
  let rahul: TestSession;
  let vikram: TestSession;
  beforeAll(async () => {
    t = await createTestApp({ seed: true });
    rahul = await signIn(t.database.db, RAHUL);
    vikram = await signIn(t.database.db, 'vikram@acme.example');
  });
  afterAll(() => t.close());

  it("drafts a follow-up from the recording's title, summary and key points, to the attendees but the caller", async () => {
    const call = await rahulsCall(t);
    const res = await t.app.inject({ method: 'POST', url: `/api/videos/${call.id}/follow-up-email`, headers: rahul.headers });
    expect(res.statusCode).toBe(200);
    const email = res.json<{ subject: string; body: string; to: string[] }>();
    expect(email.subject).toBe(`Follow-up: ${call.title}`);
    expect(email.to).toEqual(call.meetAttendees.filter((a) => a.email !== RAHUL).map((a) => a.email));
    expect(email.to.length).toBeGreaterThan(0);
    expect(email.body).toContain(call.summary!);
    for (const point of call.keyPoints) expect(email.body).toContain(`- ${point}`);
    expect(email.body).toMatch(/Best regards,\nRahul Verma$/);
  });

  it('addresses the rep too when his manager drafts it, signed by the manager', async () => {
    const call = await rahulsCall(t);
    const email = (await t.app.inject({ method: 'POST', url: `/api/videos/${call.id}/follow-up-email`, headers: vikram.headers })).json<{
      to: string[];
      body: string;
    }>();
    expect(email.to).toContain(RAHUL);
    expect(email.body).toMatch(/Vikram Shah$/);
  });

  it('answers 404 for an id that names no recording', async () => {
    for (const id of ['not-a-uuid', '00000000-0000-4000-8000-000000000000']) {
      const res = await t.app.inject({ method: 'POST', url: `/api/videos/${id}/follow-up-email`, headers: rahul.headers });
      expect(res.statusCode).toBe(404);
      expect(res.json()).toEqual({ detail: 'Video not found' });
    }
  });
});

describe('Generate AI Email with a chat model', () => {
  let llm: FakeHttpServer;
  let t: TestApp;
  beforeAll(async () => {
    llm = await startFakeHttpServer(() => ({
      body: chatCompletion(
        JSON.stringify({
          subject: 'Great speaking today',
          body: 'Hi all,\n\nThanks for the discovery call. Proposal coming this week.\n\nRahul',
        }),
      ),
    }));
    t = await createTestApp({ seed: true, env: { LLM_BASE_URL: `${llm.url}/v1`, LLM_MODEL: 'chat-test' } });
  });
  afterAll(async () => {
    await t.close();
    await llm.close();
  });

  it("uses the model's draft, and the template when the model answers garbage", async () => {
    const call = await rahulsCall(t);
    const rahul = await signIn(t.database.db, RAHUL);
    const ask = async () =>
      (await t.app.inject({ method: 'POST', url: `/api/videos/${call.id}/follow-up-email`, headers: rahul.headers })).json<{
        subject: string;
      }>();
    expect((await ask()).subject).toBe('Great speaking today');
    expect(JSON.parse(llm.requests.at(-1)!.body.toString()).messages[1].content).toContain(call.summary);
    llm.setAnswer(() => ({ body: chatCompletion('{"subject": ""}') }));
    expect((await ask()).subject).toBe(`Follow-up: ${call.title}`);
  });
});
