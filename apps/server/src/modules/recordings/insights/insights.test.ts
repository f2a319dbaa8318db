import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createOpenAiChatModel } from '../../../adapters/llm/openai-llm';
import { chatCompletion, startFakeHttpServer, type FakeHttpServer } from '../../../../test/fakes/http-fake-server';
import { LONG_CALL, NEGATIVE_CALL, NEUTRAL_CALL, POSITIVE_CALL } from '../../../../test/insights-fixtures';
import { extractiveInsights, keyPointCount } from './extractive-summary';
import { createTranscriptInsights } from './transcript-insights';
import { transcriptSentiment } from './transcript-sentiment';

const quietLog = { warn: () => undefined };

describe('transcriptSentiment', () => {
  it.each([
    ['a call about failures and cancelling', NEGATIVE_CALL, 'negative'],
    ['a call about a great demo and signing', POSITIVE_CALL, 'positive'],
    ['a call about pipeline fields and dates', NEUTRAL_CALL, 'neutral'],
    ['a long discovery call with a mild tone', LONG_CALL, 'neutral'],
  ])('reads %s as %s', (_name, text, expected) => {
    expect(transcriptSentiment(text).sentiment).toBe(expected);
  });
});

describe('extractiveInsights', () => {
  it('gives 3 to 7 key points for a long call, each a sentence of it', () => {
    const { summary, keyPoints } = extractiveInsights(LONG_CALL);
    expect(keyPoints.length).toBeGreaterThanOrEqual(3);
    expect(keyPoints.length).toBeLessThanOrEqual(7);
    for (const point of keyPoints) expect(LONG_CALL).toContain(point);
    expect(summary.length).toBeGreaterThan(40);
    // The recurring topics make it in; small talk does not.
    expect(keyPoints.join(' ')).toMatch(/pilot|spreadsheets|forecast/);
    expect(keyPoints).not.toContain('Talk soon.');
  });

  it('gives fewer key points only when the text has fewer sentences', () => {
    expect(extractiveInsights('The pilot starts on Monday. Finance approved the budget.').keyPoints).toEqual([
      'The pilot starts on Monday.',
      'Finance approved the budget.',
    ]);
    expect(extractiveInsights(NEUTRAL_CALL).keyPoints).toHaveLength(3);
    expect(keyPointCount(1)).toBe(1);
    expect(keyPointCount(5)).toBe(3);
    expect(keyPointCount(20)).toBe(5);
    expect(keyPointCount(200)).toBe(7);
  });

  it('gives nothing for an empty transcript', () => {
    expect(extractiveInsights('  ')).toEqual({ summary: '', keyPoints: [] });
  });
});

describe('createTranscriptInsights with a chat model', () => {
  let server: FakeHttpServer;
  beforeAll(async () => {
    server = await startFakeHttpServer(() => ({ body: chatCompletion('{}') }));
  });
  afterAll(() => server.close());
  const analyze = () =>
    createTranscriptInsights({
      chatModel: createOpenAiChatModel({ baseUrl: `${server.url}/v1`, model: 'test-model', apiKey: 'k-123' }),
      log: quietLog,
    });

  it("uses the model's summary and key points, with the transcript's own sentiment", async () => {
    const answer = {
      summary: 'Northwind wants a pilot for the enterprise team.',
      key_points: ['Pilot with the enterprise team', 'IT reviews security', 'Proposal sent today'],
    };
    server.setAnswer(() => ({ body: chatCompletion(`Here you go:\n\`\`\`json\n${JSON.stringify(answer)}\n\`\`\``) }));
    const result = await analyze()(LONG_CALL, { title: 'Northwind discovery' });
    expect(result).toEqual({ summary: answer.summary, keyPoints: answer.key_points, sentiment: 'neutral', source: 'model' });
    const sent = JSON.parse(server.requests.at(-1)!.body.toString()) as { model: string; messages: { content: string }[] };
    expect(sent.model).toBe('test-model');
    expect(sent.messages[1]!.content).toContain('Northwind discovery');
    expect(server.requests.at(-1)!.headers.authorization).toBe('Bearer k-123');
  });

  it.each([
    ['garbage text', () => ({ body: chatCompletion('I am sorry, I cannot help with that.') })],
    ['JSON of the wrong shape', () => ({ body: chatCompletion('{"summary": 42, "points": []}') })],
    ['a server error', () => ({ status: 500, body: { error: { message: 'model not loaded' } } })],
    ['a body that is not a completion', () => ({ body: '<html>gateway</html>', contentType: 'text/html' })],
  ])('falls back to the offline summary on %s', async (_name, answer) => {
    server.setAnswer(answer);
    const result = await analyze()(POSITIVE_CALL);
    expect(result.source).toBe('offline');
    expect(result.keyPoints).toEqual(extractiveInsights(POSITIVE_CALL).keyPoints);
    expect(result.sentiment).toBe('positive');
  });

  it('reads the whole of a long transcript: each part summarised, then the summaries', async () => {
    // About 100,000 characters; the decision that matters is said only at the very end.
    const sentences = Array.from({ length: 1500 }, (_, i) => `We reviewed reporting topic number ${i} with the team.`);
    const transcript = [...sentences, 'Finally, the customer agreed to sign the renewal on March 3.'].join(' ');
    const before = server.requests.length;
    server.setAnswer((req) => {
      const user = (JSON.parse(req.body.toString()) as { messages: { content: string }[] }).messages[1]!.content;
      const part = /Part (\d+) of (\d+)/.exec(user);
      if (part) {
        const signs = user.includes('agreed to sign the renewal on March 3') ? ' The customer will sign on March 3.' : '';
        return {
          body: chatCompletion(JSON.stringify({ summary: `Part ${part[1]} covered reporting.${signs}`, key_points: [`part ${part[1]}`] })),
        };
      }
      const final = user.includes('will sign on March 3') ? 'Renewal signed on March 3.' : 'No decision.';
      return { body: chatCompletion(JSON.stringify({ summary: final, key_points: ['Renewal on March 3', 'Reporting reviewed'] })) };
    });
    const result = await analyze()(transcript, { title: 'Renewal' });
    expect(result).toMatchObject({ summary: 'Renewal signed on March 3.', source: 'model' });
    const users = server.requests
      .slice(before)
      .map((r) => (JSON.parse(r.body.toString()) as { messages: { content: string }[] }).messages[1]!.content);
    const parts = Math.ceil(transcript.length / 24_000);
    // One call per part, each within the model's input, then one over all the parts' summaries.
    expect(users.length).toBeGreaterThanOrEqual(parts + 1);
    expect(users.length).toBeLessThanOrEqual(parts + 2);
    for (const user of users) expect(user.length).toBeLessThan(24_000 + 200);
    expect(users.at(-1)).toContain(`Summaries of its ${users.length - 1} parts`);
    expect(users.at(-1)).toContain(
      `Part ${users.length - 1}: Part ${users.length - 1} covered reporting. The customer will sign on March 3.`,
    );
    // Every sentence of the transcript went to the model once.
    const sent = users.slice(0, -1).join(' ');
    for (const i of [0, 700, 1499]) expect(sent).toContain(`reporting topic number ${i} with`);
  });

  it('gives no summary for an empty transcript without asking the model', async () => {
    const before = server.requests.length;
    expect(await analyze()('')).toEqual({ summary: null, keyPoints: [], sentiment: null, source: 'none' });
    expect(server.requests.length).toBe(before);
  });
});
