import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { TChatSource } from '@pipewise/contract/assistant';
import { chatCompletion, startFakeHttpServer, type FakeHttpServer } from '../../../../test/fakes/http-fake-server';
import { scripted } from '../../../../test/fakes/chat-tool-calls';
import { signIn, type TestSession } from '../../../../test/sessions';
import { createTestApp, type TestApp } from '../../../../test/test-app';
import { MODEL_FALLBACK_NOTE } from './model-assistant';
import { NOT_IN_CALLS } from '../questions/answer-said';

/**
 * "What was said" with a model (a stand-in OpenAI-compatible server): it is given only the passages
 * the offline search retrieved from the caller's calls, answers from them and cites them; a citation
 * of anything else gives the offline answer instead.
 */

const NOW = new Date('2026-11-26T10:00:00Z');
let t: TestApp;
let llm: FakeHttpServer;
let rahul: TestSession;

beforeAll(async () => {
  llm = await startFakeHttpServer(scripted());
  t = await createTestApp({
    seed: true,
    seededAt: NOW,
    now: () => NOW,
    env: { LLM_BASE_URL: `${llm.url}/v1`, LLM_MODEL: 'chat-test', LLM_API_KEY: 'sk-said', LLM_TIMEOUT_MS: '1500' },
  });
  rahul = await signIn(t.database.db, 'rahul@acme.example');
}, 120_000);
afterAll(async () => {
  await t?.close();
  await llm?.close();
});
beforeEach(async () => {
  llm.requests.length = 0;
  await t.database.db.execute(sql`delete from rate_limits where key like 'assistant-questions:%'`);
});

type Panel = { message: string; sources: TChatSource[]; model: boolean; note: string | null };
const panel = async (query: string): Promise<Panel> => {
  const res = await t.app.inject({ method: 'POST', url: '/api/chat/', headers: rahul.headers, payload: { query } });
  expect(res.statusCode, res.body).toBe(200);
  return res.json<{ data: Panel }>().data;
};
const reply = (answer: string, cited: number[]) => scripted(chatCompletion(JSON.stringify({ answer, cited })));
/** What the model was sent: its passages, one a line. */
const passages = () => {
  const body = JSON.parse(llm.requests[0]!.body.toString()) as { messages: { role: string; content: string }[] };
  return body.messages
    .find((m) => m.role === 'user')!
    .content.split('\n')
    .filter((l) => /^\[\d+\]/.test(l));
};
/** The built-in answer to the same question, as Rahul. */
const offline = () =>
  t.services.questions.ask(
    { id: rahul.userId, organizationId: rahul.organizationId, role: 'user', email: rahul.email },
    'what did Kaveri say about pricing',
    { now: NOW },
  );

describe('what was said, answered by a model', () => {
  it('answers from the retrieved passages only, and cites them: the cited ones are the sources, linked to the moment', async () => {
    llm.setAnswer(reply('Lakshmi said the pricing is too expensive [1].', [1]));
    const a = await panel('what did Kaveri say about pricing');
    const built = await offline();
    // The model saw exactly the quotes the offline search found on Rahul's calls, nothing else.
    const sent = passages();
    expect(sent).toHaveLength(built.sources.length);
    for (const [i, line] of sent.entries()) {
      const quote = /^- .+? at \d+:\d{2}: "(.*)"$/m.exec(built.text.split('\n').filter((l) => l.startsWith('- '))[i]!)![1]!;
      expect(line).toContain(quote);
      expect(line).toMatch(/^\[\d+\] "(Pricing negotiation|Product demo|Quarterly business review)", \d+ Nov 2026, at \d+:\d{2}, /);
    }
    expect(a).toMatchObject({ model: true, note: null });
    expect(a.message.split('\n')[0]).toBe('Lakshmi said the pricing is too expensive [1].');
    expect(a.message).toMatch(/\n\[1\] .+, "Pricing negotiation" at \d+:\d{2}$/);
    expect(a.sources).toEqual([built.sources[0]]);
    expect(a.sources[0]!.url).toMatch(/^\/dashboard\/meeting\/[0-9a-f-]{36}\?t=\d+$/);
  });

  it.each([
    ['a passage it was not given', 'The CEO agreed to pay double [9].', [9]],
    ['no passage at all', 'They liked the price.', []],
  ])('gives the offline answer when the model cites %s', async (_, answer, cited) => {
    llm.setAnswer(reply(answer as string, cited as number[]));
    const a = await panel('what did Kaveri say about pricing');
    expect(a).toMatchObject({ model: false, note: MODEL_FALLBACK_NOTE, message: (await offline()).text });
  });

  it('passes on "not in your calls" from the model, with no sources', async () => {
    llm.setAnswer(reply(NOT_IN_CALLS, []));
    const a = await panel('what did Kaveri say about pricing');
    expect(a).toMatchObject({ model: true, message: NOT_IN_CALLS, sources: [] });
  });

  it('does not ask the model when nothing was found: the offline answer says so', async () => {
    llm.setAnswer(reply('Anything [1].', [1]));
    const a = await panel('what did Kaveri say about hovercraft');
    expect(llm.requests).toHaveLength(0);
    expect(a).toMatchObject({ model: false, note: null, message: NOT_IN_CALLS, sources: [] });
  });
});
