import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ZPanelChatRequest, ZPanelChatResponse, ZSalesChatRequest, ZSalesChatResponse } from '@pipewise/contract/assistant';
import { errorResponses } from '../../../lib/http-error';
import { requireCaller } from '../../../plugins/session';
import type { RateLimiter } from '../../rate-limit/rate-limiter';
import type { AskInput, ModelAnswer, OfflineAnswer } from '../model/model-assistant';
import type { Caller } from '../../access/access-rules';
import type { QuestionsService } from './questions-service';
import { readTaskQuestion } from './answer-tasks';

/** Answers through a configured model (which falls back to `offline` on any failure), else offline. */
type Answerer = {
  answer(caller: Caller, input: AskInput, offline: () => Promise<OfflineAnswer>): Promise<ModelAnswer>;
};

const errors = errorResponses(429);

/** Questions per user per minute, over both chat routes (a person types far fewer). */
export const QUESTIONS_PER_MINUTE = 30;

/** The caller's time zone for 'today' and 'tomorrow': an IANA name (e.g. Asia/Kolkata); UTC when absent or unknown. */
const zoneOf = (value: string | string[] | undefined) => (typeof value === 'string' ? value : undefined);

/** POST /api/chat/sales (home screen) and POST /api/chat/ (assistant panel): answers from the caller's data. */
export function questionsRoutesWith(
  service: QuestionsService,
  limiter: Pick<RateLimiter, 'consume'>,
  assistant?: Answerer,
): FastifyPluginAsyncZod {
  // The caller's own tasks and the coaching figures are answered from them, never by the model (it has no tool that reads them).
  const answer = (caller: Caller, input: AskInput, offline: () => Promise<OfflineAnswer>) =>
    assistant && !readTaskQuestion(input.query) && !service.answersCoaching(input.query)
      ? assistant.answer(caller, input, offline)
      : offline().then((a): ModelAnswer => ({ ...a, model: false, note: null, command: null }));
  return async (app) => {
    const tags = ['assistant'];
    const limit = (userId: string) =>
      limiter.consume({ key: `assistant-questions:${userId}`, max: QUESTIONS_PER_MINUTE, windowSeconds: 60 });

    const description =
      "Answered from the caller's visible deals, meetings and calls, without a model. " +
      "'Today' and 'tomorrow' are in the X-Timezone header's IANA zone (UTC without it). " +
      `At most ${QUESTIONS_PER_MINUTE} questions a minute per user (429 with Retry-After).`;
    app.post(
      '/api/chat/sales',
      {
        schema: {
          tags,
          summary: "The home screen's question, scoped to context.account or a 'For account {name}: ' prefix",
          description,
          body: ZSalesChatRequest,
          response: { 200: ZSalesChatResponse, ...errors },
        },
      },
      async (req) => {
        const caller = requireCaller(req);
        await limit(caller.id);
        const account = req.body.context.account ?? null;
        const timeZone = zoneOf(req.headers['x-timezone']);
        const named = () => service.named(caller, req.body.query);
        const quotes = () => service.quotes(caller, req.body.query, { account, timeZone });
        const a = await answer(caller, { query: req.body.query, account, mode: 'sales', timeZone, named, quotes }, () =>
          service.ask(caller, req.body.query, { account, timeZone }),
        );
        return { data: { response: a.text, sources: a.sources, model: a.model, note: a.note } };
      },
    );

    app.post(
      '/api/chat/',
      {
        schema: {
          tags,
          summary: "The assistant panel's question; list answers carry their records in results",
          description,
          body: ZPanelChatRequest,
          response: { 200: ZPanelChatResponse, ...errors },
        },
      },
      async (req) => {
        const caller = requireCaller(req);
        await limit(caller.id);
        const timeZone = zoneOf(req.headers['x-timezone']);
        const named = () => service.named(caller, req.body.query);
        const quotes = () => service.quotes(caller, req.body.query, { timeZone });
        const a = await answer(caller, { query: req.body.query, mode: 'panel', timeZone, named, quotes }, () =>
          service.ask(caller, req.body.query, { timeZone }),
        );
        return { data: { message: a.text, sources: a.sources, results: a.results, model: a.model, note: a.note, command: a.command } };
      },
    );
  };
}

/** The routes over the services they use (built in services.ts). */
export const questionsRoutes = (deps: { questions: QuestionsService; limiter: RateLimiter; assistant: Answerer }) =>
  questionsRoutesWith(deps.questions, deps.limiter, deps.assistant);
