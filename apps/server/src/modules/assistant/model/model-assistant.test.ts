import pino from 'pino';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { execute } from '../../../db/client';
import type { Caller } from '../../access/access-rules';
import { chatCompletion, startFakeHttpServer, type FakeHttpServer } from '../../../../test/fakes/http-fake-server';
import { chatRequestBody, scripted, toolCallCompletion } from '../../../../test/fakes/chat-tool-calls';
import { createTestApp, type TestApp } from '../../../../test/test-app';
import { createDealReads } from '../../deals/deal-reads';
import { createRecordingReads } from '../../recordings/recording-reads';
import { createToolRunner } from './model-tools';
import { createRecordSearchRepo } from './record-search-repo';
import { createModelAssistant, MODEL_FALLBACK_NOTE, type ModelAssistant, type OfflineAnswer } from './model-assistant';

/**
 * The assistant's model path against a fake OpenAI-compatible server: it reads with the caller's rights, proposes writes,
 * and falls back.
 */

const API_KEY = 'sk-test-7f3a9c1e5b';
const TIMEOUT_MS = 1500;

let t: TestApp;
let llm: FakeHttpServer;
let assistant: ModelAssistant;
const logLines: string[] = [];
let rahul: Caller;
let priya: Caller;
let vikram: Caller;
const ids = { rahulDeal: 0, priyaDeal: 0, rahulMeeting: '', priyaMeeting: '' };

const OFFLINE: OfflineAnswer = { text: 'The built-in answer.', sources: [], results: [] };
const offline = vi.fn(() => Promise.resolve(OFFLINE));

async function callerOf(email: string): Promise<Caller> {
  const [row] = await execute<Caller>(
    t.database.db,
    sql`select id, organization_id as "organizationId", role, email from users where email = ${email}`,
  );
  return row!;
}

/** A deal in the seeded Enterprise pipeline's first stage, owned by `owner`. */
async function insertDeal(owner: Caller, dealname: string, amount: number, nextsteps: string): Promise<number> {
  const [row] = await execute<{ id: string }>(
    t.database.db,
    sql`
    insert into deals (organization_id, dealname, pipeline_id, stage_id, owner_id, amount, nextsteps)
    select ${owner.organizationId}, ${dealname}, p.id, s.id, ${owner.id}, ${amount}, ${nextsteps}
    from pipelines p join pipeline_stages s on s.pipeline_id = p.id where p.organization_id = ${owner.organizationId}
    order by p.label, s.display_order limit 1 returning id`,
  );
  return Number(row!.id);
}

async function insertMeeting(uploader: Caller, title: string, summary: string): Promise<string> {
  const [row] = await execute<{ id: string }>(
    t.database.db,
    sql`
    insert into recordings (organization_id, uploaded_by, uploader_email, title, upload_type, transcription, summary)
    values (${uploader.organizationId}, ${uploader.id}, ${uploader.email}, ${title}, 'transcription',
      ${`Transcript: ${summary}`}, ${summary})
    returning id`,
  );
  return row!.id;
}

async function counts() {
  const [row] = await execute<Record<string, number>>(
    t.database.db,
    sql`
    select (select count(*)::int from deals) as deals, (select count(*)::int from companies) as companies,
           (select count(*)::int from contacts) as contacts, (select count(*)::int from crm_changes) as changes`,
  );
  return row!;
}
const pendingCount = async () =>
  (await execute<{ n: number }>(t.database.db, sql`select count(*)::int as n from pending_operations`))[0]!.n;
const dealAmount = async (id: number) =>
  (await execute<{ amount: string }>(t.database.db, sql`select amount::text as amount from deals where id = ${id}`))[0]!.amount;

beforeAll(async () => {
  llm = await startFakeHttpServer(scripted());
  const log = pino({ level: 'debug' }, { write: (line: string) => void logLines.push(line) });
  t = await createTestApp({
    seed: true,
    loggerInstance: log,
    env: { LLM_BASE_URL: `${llm.url}/v1`, LLM_MODEL: 'chat-test', LLM_API_KEY: API_KEY, LLM_TIMEOUT_MS: String(TIMEOUT_MS) },
  });
  assistant = t.services.assistant;
  rahul = await callerOf('rahul@acme.example');
  priya = await callerOf('priya@acme.example');
  vikram = await callerOf('vikram@acme.example');
  ids.rahulDeal = await insertDeal(rahul, 'Zephyr rollout', 1234567, 'Send the zephyr proposal');
  ids.priyaDeal = await insertDeal(priya, 'Zephyr expansion', 800000, 'Zephyr security review');
  ids.rahulMeeting = await insertMeeting(rahul, 'Zephyr kickoff', 'The zephyr pilot starts next month.');
  ids.priyaMeeting = await insertMeeting(priya, 'Zephyr pricing', 'Zephyr asked for a discount.');
});
afterAll(async () => {
  await t?.close();
  await llm?.close();
});
beforeEach(() => {
  offline.mockClear();
  llm.requests.length = 0;
});

describe('the model path', () => {
  it('answers through search and find tool calls, citing the records it relied on, with amounts in rupees', async () => {
    llm.setAnswer(
      scripted(
        toolCallCompletion([{ name: 'search_records', arguments: { query: 'Zephyr meetings' } }]),
        toolCallCompletion([{ name: 'find_deals', arguments: { search: 'Zephyr', owner: 'rahul@acme.example' } }]),
        chatCompletion('Zephyr rollout is worth ₹12,34,567; in the Zephyr kickoff meeting the pilot was planned.'),
      ),
    );
    const a = await assistant.answer(rahul, { query: 'What is happening with Zephyr?', mode: 'sales' }, offline);

    expect(offline).not.toHaveBeenCalled();
    expect(a).toMatchObject({
      text: 'Zephyr rollout is worth ₹12,34,567; in the Zephyr kickoff meeting the pilot was planned.',
      model: true,
      note: null,
      command: null,
    });
    expect(a.sources).toEqual([
      { type: 'deal', id: String(ids.rahulDeal), label: 'Zephyr rollout', url: `/dashboard/deals/${ids.rahulDeal}` },
      { type: 'meeting', id: ids.rahulMeeting, label: 'Zephyr kickoff', url: `/dashboard/meeting/${ids.rahulMeeting}` },
    ]);
    expect(a.results.map((r) => r.id)).toEqual([String(ids.rahulDeal)]);

    // What the tools told the model: the rep's own records only, amounts with Indian grouping.
    const second = chatRequestBody(llm.requests[1]!);
    const searched = second.messages.find((m) => m.role === 'tool')!.content!;
    expect(searched).toContain('₹12,34,567');
    expect(searched).toContain('Zephyr kickoff');
    expect(searched).not.toContain('Zephyr expansion');
    expect(searched).not.toContain('Zephyr pricing');
    // The home chat offers lookups only: it has no yes/no step for a proposed write.
    const tools = chatRequestBody(llm.requests[0]!).tools!;
    expect(tools.map((x) => x.function.name)).toEqual(['search_records', 'find_deals']);
    expect(JSON.stringify(tools)).toContain(
      '"close_date_from":{"description":"Earliest close date, YYYY-MM-DD","type":"string","format":"date"}',
    );
  });

  it('turns a create tool call into a pending operation without writing; the confirm service then writes it', async () => {
    const before = await counts();
    llm.setAnswer(
      scripted(
        toolCallCompletion([
          {
            name: 'create_record',
            arguments: { object_type: 'deal', name: 'Nimbus pilot', properties: { amount: '3 lakh', dealstage: 'Discovery' } },
          },
        ]),
      ),
    );
    const a = await assistant.answer(
      rahul,
      { query: 'Add a 3 lakh Nimbus pilot deal in Discovery', account: 'Nimbus', mode: 'panel' },
      offline,
    );
    const sent = chatRequestBody(llm.requests[0]!);
    expect(sent.messages[1]).toEqual({ role: 'user', content: 'For account Nimbus: Add a 3 lakh Nimbus pilot deal in Discovery' });
    expect(sent.tools!.map((x) => x.function.name)).toEqual(['search_records', 'find_deals', 'create_record', 'update_record']);

    expect(a.command).toMatchObject({
      status: 'confirm',
      data: { pending_operation: { operation: 'create', object_type: 'deal', record_id: null } },
    });
    expect(a.text).toBe('Create deal "Nimbus pilot" with amount 3,00,000, pipeline Enterprise and stage Discovery?');
    expect(a).toMatchObject({ model: true, note: null });
    expect(await counts()).toEqual(before);

    const done = await t.services.commands.confirmations.confirm(rahul, a.command!.data.pending_operation!.id);
    expect(done.message).toBe('Deal created successfully!');
    const [row] = await execute<{ amount: string; owner_id: string }>(
      t.database.db,
      sql`select amount::text as amount, owner_id from deals where dealname = 'Nimbus pilot'`,
    );
    expect(row).toEqual({ amount: '300000.00', owner_id: rahul.id });
  });

  it("refuses an update of a peer's deal for a rep exactly as a typed command, and proposes it for their manager", async () => {
    const call = toolCallCompletion([
      { name: 'update_record', arguments: { object_type: 'deal', identifier: 'Zephyr expansion', properties: { amount: 900000 } } },
    ]);
    llm.setAnswer(scripted(call));
    const a = await assistant.answer(rahul, { query: 'Set Zephyr expansion to 9 lakh', mode: 'panel' }, offline);
    const typed = await t.services.commands.process.process(rahul, { command: 'update deal Zephyr expansion amount 9 lakh' });

    expect(typed.body.status).toBe('not_found');
    expect(a.command).toMatchObject({ status: typed.body.status, message: typed.body.message });
    expect(a.command!.data.pending_operation).toMatchObject({ operation: 'create', record_id: null });
    expect(await dealAmount(ids.priyaDeal)).toBe('800000.00');

    llm.setAnswer(scripted(call));
    const manager = await assistant.answer(vikram, { query: 'Set Zephyr expansion to 9 lakh', mode: 'panel' }, offline);
    expect(manager.command).toMatchObject({ status: 'confirm', message: 'Update deal "Zephyr expansion": amount 8,00,000 -> 9,00,000?' });
    expect(manager.command!.data.pending_operation).toMatchObject({ operation: 'update', record_id: String(ids.priyaDeal) });
    expect(manager.sources).toEqual([
      { type: 'deal', id: String(ids.priyaDeal), label: 'Zephyr expansion', url: `/dashboard/deals/${ids.priyaDeal}` },
    ]);
    expect(await dealAmount(ids.priyaDeal)).toBe('800000.00');
  });

  it.each([
    ['arguments that are not JSON', { name: 'search_records', arguments: '{"query": "zeph' }, 'panel'],
    ['an unknown tool', { name: 'delete_deal', arguments: { id: 1 } }, 'panel'],
    ['arguments failing the schema', { name: 'find_deals', arguments: { close_date_from: 'last spring' } }, 'panel'],
    [
      'a property the object does not have',
      { name: 'create_record', arguments: { object_type: 'deal', name: 'Odd', properties: { colour: 'red' } } },
      'panel',
    ],
    [
      'a write tool the home chat does not offer',
      { name: 'create_record', arguments: { object_type: 'company', name: 'Odd Co' } },
      'sales',
    ],
  ] as const)('answers offline with the note after %s, and proposes nothing', async (_what, call, mode) => {
    const pending = await pendingCount();
    // Had the call been run, the model would have answered next.
    llm.setAnswer(scripted(toolCallCompletion([call]), chatCompletion('Done.')));
    const a = await assistant.answer(rahul, { query: 'Do something odd', mode }, offline);
    expect(llm.requests).toHaveLength(1);
    expect(offline).toHaveBeenCalledTimes(1);
    expect(a).toEqual({ ...OFFLINE, model: false, note: MODEL_FALLBACK_NOTE, command: null });
    expect(await pendingCount()).toBe(pending);
  });

  it('asks for a text answer in the last of four rounds, and answers offline when the model still calls tools', async () => {
    const lookup = toolCallCompletion([{ name: 'find_deals', arguments: { stage: 'Discovery' } }]);
    llm.setAnswer(scripted(lookup, lookup, lookup, lookup));
    const a = await assistant.answer(rahul, { query: 'Which deals are in Discovery?', mode: 'sales' }, offline);
    expect(llm.requests.map((r) => chatRequestBody(r).tool_choice)).toEqual(['auto', 'auto', 'auto', 'none']);
    expect(a).toMatchObject({ text: OFFLINE.text, model: false, note: MODEL_FALLBACK_NOTE });
  });

  it('answers offline with the note when the model does not answer in time', async () => {
    llm.setAnswer(() => new Promise(() => {}));
    const started = Date.now();
    const a = await assistant.answer(rahul, { query: 'Which deals close this month?', mode: 'sales' }, offline);
    expect(Date.now() - started).toBeLessThan(TIMEOUT_MS + 2000);
    expect(a).toMatchObject({ text: OFFLINE.text, model: false, note: MODEL_FALLBACK_NOTE });
  });

  it('answers offline with the note when the model server fails', async () => {
    llm.setAnswer(() => ({ status: 500, body: { error: { message: 'model crashed' } } }));
    const a = await assistant.answer(rahul, { query: 'Which deals close this month?', mode: 'sales' }, offline);
    expect(a).toMatchObject({ text: OFFLINE.text, model: false, note: MODEL_FALLBACK_NOTE });
    expect(llm.requests).toHaveLength(1);
  });

  it('answers offline without a note when no model is configured', async () => {
    const { deals, commands, log } = t.services;
    const noModel = createModelAssistant({
      llm: undefined,
      timeoutMs: TIMEOUT_MS,
      tools: createToolRunner({
        deals,
        search: createRecordSearchRepo({ deals: createDealReads(t.database.db), recordings: createRecordingReads(t.database.db) }),
        commands: commands.process,
        now: () => new Date(),
      }),
      log,
    });
    const a = await noModel.answer(rahul, { query: 'Which deals close this month?', mode: 'panel' }, offline);
    expect(a).toEqual({ ...OFFLINE, model: false, note: null, command: null });
    expect(llm.requests).toHaveLength(0);
  });

  it('sends the API key as a Bearer token and never logs it, even when the server echoes it', async () => {
    llm.setAnswer(() => ({ status: 401, body: { error: { message: `Incorrect API key provided: ${API_KEY}` } } }));
    const a = await assistant.answer(rahul, { query: 'Which deals close this month?', mode: 'sales' }, offline);
    expect(a.note).toBe(MODEL_FALLBACK_NOTE);
    expect(llm.requests[0]!.headers.authorization).toBe(`Bearer ${API_KEY}`);
    expect(logLines.join('\n')).toContain('The chat model did not answer');
    expect(logLines.join('\n')).not.toContain(API_KEY);
  });
});
