import type { DbOrTx } from '../../../db/client';
import type { Caller } from '../../access/access-rules';
import { answerAccountPeople, answerLastMeeting } from './answer-account';
import { answerCalls } from './answer-calls';
import { answerClosing, answerLargest, answerNoNextSteps, answerOverdue, answerStuck } from './answer-deal-lists';
import { answerDealStats } from './answer-deal-stats';
import { unknownAccount, type Answer, type AnswerDeps, type AskContext } from './answer-kit';
import { answerPipelineBy, answerTopOwner } from './answer-pipeline-totals';
import { answerSearch } from './answer-search';
import { createDealSetRepo } from './deal-set-repo';
import type { IntentName, ReadQuestion, Vocabulary } from './intents';
import { readQuestion } from './match-intent';
import { createMeetingsRepo } from './meetings-repo';
import { createSearchRepo } from './search-repo';
import { localDate, zoneOrUtc } from './time-zone';
import { createWorkspaceRepo } from './workspace-repo';

export type AskOptions = { account?: string | null; timeZone?: string; now?: Date };
export type Asked = Answer & { intent: IntentName };

function answer(read: ReadQuestion, ctx: AskContext, deps: AnswerDeps, vocab: Vocabulary): Promise<Answer> {
  const i = read.intent;
  switch (i.name) {
    case 'closing':
      return answerClosing(ctx, deps, i.range);
    case 'pipeline_by':
      return answerPipelineBy(ctx, deps, i.by);
    case 'top_owner':
      return answerTopOwner(ctx, deps);
    case 'largest':
      return answerLargest(ctx, deps, i.limit, i.filters, vocab);
    case 'no_next_steps':
      return answerNoNextSteps(ctx, deps);
    case 'stuck':
      return answerStuck(ctx, deps, i.days);
    case 'overdue':
      return answerOverdue(ctx, deps);
    case 'last_meeting':
      return answerLastMeeting(ctx, deps);
    case 'account_people':
      return answerAccountPeople(ctx, deps, i);
    case 'calls':
      return answerCalls(ctx, deps, i.day);
    case 'deal_stats':
      return answerDealStats(ctx, deps, i.measure, i.filters, vocab);
    case 'search':
      return answerSearch(ctx, deps, i.text);
  }
}

/**
 * Answers questions from the caller's visible data, deterministically (no model): reads the
 * question's intent and account, runs that intent's answerer, and returns the text with the
 * records it comes from.
 */
export function createQuestionsService(deps: { db: DbOrTx }) {
  const dealSets = createDealSetRepo(deps.db);
  const workspace = createWorkspaceRepo(deps.db);
  const meetings = createMeetingsRepo(deps.db);
  const search = createSearchRepo(deps.db, { deals: dealSets, meetings });
  const answerDeps: AnswerDeps = { dealSets, workspace, meetings, search };

  return {
    async ask(caller: Caller, query: string, options: AskOptions = {}): Promise<Asked> {
      const now = options.now ?? new Date();
      const zone = zoneOrUtc(options.timeZone);
      const today = localDate(now, zone);
      const vocab = await workspace.vocabulary(caller);
      const read = readQuestion(query, options.account ?? null, vocab, today);
      let account: AskContext['account'] = null;
      if (read.account) {
        const companies = await workspace.companiesNamed(caller, read.account);
        if (companies.length === 0) return { ...unknownAccount(read.account), intent: read.intent.name };
        account = { asked: read.account, companies };
      }
      const ctx: AskContext = { caller, zone, today, now, account };
      return { ...(await answer(read, ctx, answerDeps, vocab)), intent: read.intent.name };
    },
  };
}

export type QuestionsService = ReturnType<typeof createQuestionsService>;
