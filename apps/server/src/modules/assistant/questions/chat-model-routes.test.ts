import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { execute } from '../../../db/client';
import { chatCompletion, startFakeHttpServer, type FakeHttpServer } from '../../../../test/fakes/http-fake-server';
import { scripted, toolCallCompletion } from '../../../../test/fakes/chat-tool-calls';
import { signIn, type TestSession } from '../../../../test/sessions';
import { createTestApp, type TestApp } from '../../../../test/test-app';
import { MODEL_FALLBACK_NOTE } from '../model/model-assistant';

/** The chat routes with a configured model (a fake OpenAI-compatible server): its answers, its proposals, and the fallback. */

let t: TestApp;
let llm: FakeHttpServer;
let rahul: TestSession;

beforeAll(async () => {
  llm = await startFakeHttpServer(scripted());
  t = await createTestApp({
    seed: true,
    env: { LLM_BASE_URL: `${llm.url}/v1`, LLM_MODEL: 'chat-test', LLM_API_KEY: 'sk-routes', LLM_TIMEOUT_MS: '1500' },
  });
  rahul = await signIn(t.database.db, 'rahul@acme.example');
});
afterAll(async () => {
  await t?.close();
  await llm?.close();
});
beforeEach(() => {
  llm.requests.length = 0;
});

const post = (url: string, payload: object) => t.app.inject({ method: 'POST', url, headers: rahul.headers, payload });
const dealCount = async () => (await execute<{ n: number }>(t.database.db, sql`select count(*)::int as n from deals`))[0]!.n;

describe('the chat routes with a model', () => {
  it('answer the home question through the model, saying so', async () => {
    llm.setAnswer(scripted(chatCompletion('You have two deals closing this month.')));
    const res = await post('/api/chat/sales', { query: 'What closes this month?', context: {} });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data).toMatchObject({ response: 'You have two deals closing this month.', model: true, note: null });
    expect(llm.requests).toHaveLength(1);
  });

  it("tell the model which of the caller's records the question names, as the built-in reader resolved them", async () => {
    llm.setAnswer(scripted(chatCompletion('The next step is the proposal.')));
    const res = await post('/api/chat/sales', { query: 'next step on krishna expansion?', context: {} });
    expect(res.statusCode, res.body).toBe(200);
    const sent = JSON.parse(llm.requests[0]!.body.toString()) as { messages: { role: string; content: string }[] };
    const [deal] = await execute<{ id: string }>(
      t.database.db,
      sql`select id::text as id from deals where dealname = 'Krishna Electricals - Enterprise licence expansion'`,
    );
    expect(sent.messages.find((m) => m.role === 'user')!.content).toBe(
      'next step on krishna expansion?\n\nRecords this question names: ' +
        `deal "Krishna Electricals - Enterprise licence expansion" (id ${deal!.id}); account "Krishna Electricals".`,
    );
  });

  it("carry the model's proposed create as a command to confirm, and write nothing", async () => {
    const before = await dealCount();
    llm.setAnswer(
      scripted(
        toolCallCompletion([
          { name: 'create_record', arguments: { object_type: 'deal', name: 'Orion renewal', properties: { amount: 250000 } } },
        ]),
        chatCompletion('I can create that deal once you confirm.'),
      ),
    );
    const res = await post('/api/chat/', { query: 'Please add a deal Orion renewal worth 2.5 lakh' });
    expect(res.statusCode, res.body).toBe(200);
    const data = res.json().data;
    expect(data.model).toBe(true);
    expect(data.command).toMatchObject({
      status: 'confirm',
      data: { pending_operation: { operation: 'create', object_type: 'deal', identifier: 'Orion renewal' } },
    });
    expect(data.command.message).toContain('Create deal "Orion renewal"');
    expect(await dealCount()).toBe(before);

    const confirmed = await post('/api/command/confirm', { pending_operation_id: data.command.data.pending_operation.id });
    expect(confirmed.statusCode, confirmed.body).toBe(200);
    expect(await dealCount()).toBe(before + 1);
  });

  it("answer the caller's own tasks from them, without asking the model", async () => {
    await post('/api/tasks', { title: 'Send the signed order form' });
    llm.setAnswer(scripted(chatCompletion('I cannot see your tasks.')));
    const res = await post('/api/chat/', { query: "what's on my to-do list?" });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data).toMatchObject({ model: false, note: null });
    expect(res.json().data.message).toContain('Send the signed order form');
    expect(llm.requests).toHaveLength(0);
  });

  it('fall back to the built-in answer with a note when the model fails', async () => {
    llm.setAnswer(() => ({ status: 500, body: { error: { message: 'overloaded' } } }));
    const res = await post('/api/chat/', { query: 'Which deals are closing this month?' });
    expect(res.statusCode, res.body).toBe(200);
    const data = res.json().data;
    expect(data).toMatchObject({ model: false, note: MODEL_FALLBACK_NOTE, command: null });
    expect(data.message.length).toBeGreaterThan(0);
  });
});
