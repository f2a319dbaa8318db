import type { Caller } from '../../access/access-rules';
import { answerAccountPeople, answerLastMeeting } from './answer-account';
import { labelWords, readNamed } from './answer-named';
import { accountSource } from './answer-record';
import { answerCalls } from './answer-calls';
import { answerClosing, answerLargest, answerNoNextSteps, answerOverdue, answerStuck } from './answer-deal-lists';
import { answerDealStats } from './answer-deal-stats';
import { unknownAccount, type Answer, type AnswerDeps, type AskContext } from './answer-kit';
import { answerPipelineBy, answerTopOwner } from './answer-pipeline-totals';
import { answerSearch } from './answer-search';
import type { DealSetRepo } from './deal-set-repo';
import type { IntentName, ReadQuestion, Vocabulary } from './intents';
import { splitAccountPrefix, trailingAccount } from './account-prefix';
import { expandShorthand } from './shorthand';
import { createNamedRecords, type NamedReads } from './named-records';
import { createRecordRepo, type RecordReads } from './record-repo';
import { createMeetingsRepo, type MeetingsReads } from './meetings-repo';
import { createSearchRepo, type SearchReads } from './search-repo';
import { localDate, zoneOrUtc } from './time-zone';
import { createWorkspaceRepo, type WorkspaceReads } from './workspace-repo';

/** The other modules' reads the answers use (built in services.ts). */
export type QuestionReads = MeetingsReads & SearchReads & RecordReads & WorkspaceReads & NamedReads & { dealSets: DealSetRepo };

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
 * An answer about an account names it among its sources, linked to its first deal the answer
 * cites (accounts have no page of their own); an answer that found nothing cites nothing.
 */
function citeAccounts(a: Answer, ctx: AskContext): Answer {
  if (!ctx.account || a.sources.length === 0) return a;
  const deal = a.sources.find((s) => s.type === 'deal');
  const accounts = ctx.account.companies.map((c) => accountSource(c, deal ? Number(deal.id) : null));
  return { ...a, sources: [...a.sources.filter((s) => !accounts.some((c) => c.id === s.id)), ...accounts] };
}

/**
 * Answers questions from the caller's visible data, deterministically (no model): reads the
 * question's intent and account, runs that intent's answerer, and returns the text with the
 * records it comes from.
 */
export function createQuestionsService(deps: { reads: QuestionReads }) {
  const { dealSets } = deps.reads;
  const workspace = createWorkspaceRepo(deps.reads);
  const meetings = createMeetingsRepo(deps.reads);
  const search = createSearchRepo(deps.reads);
  const answerDeps: AnswerDeps = { dealSets, workspace, meetings, search };
  const named = createNamedRecords(deps.reads);
  const records = createRecordRepo(deps.reads);

  return {
    async ask(caller: Caller, query: string, options: AskOptions = {}): Promise<Asked> {
      const now = options.now ?? new Date();
      const zone = zoneOrUtc(options.timeZone);
      const today = localDate(now, zone);
      const vocab = await workspace.vocabulary(caller);
      const { account: prefixed, question: typed } = splitAccountPrefix(query);
      const question = expandShorthand(typed);
      const asked = prefixed ?? (options.account?.trim() || null);
      let account: AskContext['account'] = null;
      if (asked) {
        const companies = await workspace.companiesNamed(caller, asked);
        if (companies.length === 0) return { ...unknownAccount(asked), intent: 'unknown' };
        account = { asked, companies };
      }
      // The records the question names come first; what is asked of them is read around them.
      const mentions = await named.findSideBySide(caller, question, labelWords(question, vocab));
      const decided = readNamed(question, mentions, account, vocab, today, records);
      const ctx: AskContext = { caller, zone, today, now, account };
      if (decided.kind === 'answer') return { ...(await decided.run(ctx)), intent: decided.intent };
      const read: ReadQuestion = { intent: decided.intent, account: null };
      ctx.account = decided.account;
      // An account question ('last meeting with X') whose X named no record the caller sees.
      const trailing =
        !ctx.account && (read.intent.name === 'last_meeting' || read.intent.name === 'account_people') ? trailingAccount(question) : null;
      if (trailing) {
        const companies = await workspace.companiesNamed(caller, trailing);
        if (companies.length === 0) return { ...unknownAccount(trailing), intent: 'unknown' };
        ctx.account = { asked: trailing, companies };
      }
      const a = await answer(read, ctx, answerDeps, vocab);
      return { ...(decided.cite ? citeAccounts(a, ctx) : a), intent: read.intent.name };
    },

    /** The records the question names among those the caller may see, in words a model reads ('deal "X" (id 10012)'). */
    async named(caller: Caller, query: string): Promise<string[]> {
      // The same text the deterministic path reads, so the model gets the same resolved names.
      const question = expandShorthand(splitAccountPrefix(query).question);
      const found = await named.find(caller, question, labelWords(question, await workspace.vocabulary(caller)));
      return [
        ...found.deals.map((d) => `deal "${d.name}" (id ${d.id})`),
        ...found.companies.map((c) => `account "${c.name}"`),
        ...found.contacts.map((c) => `contact "${c.name}"`),
      ];
    },
  };
}

export type QuestionsService = ReturnType<typeof createQuestionsService>;
