import type { Caller } from '../../access/access-rules';
import { answerAccountPeople, answerLastMeeting } from './answer-account';
import { labelWords, readNamed } from './answer-named';
import { accountSource, type RecordReads } from './answer-record';
import { answerCalls } from './answer-calls';
import { answerAtRisk } from './answer-confidence';
import { answerClosing, answerLargest, answerNoNextSteps, answerOverdue, answerStuck } from './answer-deal-lists';
import { answerDealStats } from './answer-deal-stats';
import { unknownAccount, type Answer, type AnswerDeps, type AskContext, type Company } from './answer-kit';
import { answerPipelineBy, answerTopOwner } from './answer-pipeline-totals';
import { answerSearch } from './answer-search';
import type { IntentName, ReadQuestion, Vocabulary } from './intents';
import { splitAccountPrefix, trailingAccount } from './account-prefix';
import { expandShorthand } from './shorthand';
import type { NamedRecords } from './named-records';
import { localDate, zoneOrUtc } from './time-zone';
import type { CompanyReads } from '../../companies/company-reads';
import type { DealSetReads } from '../../deals/deal-set-reads';
import type { UserReads } from '../../users/user-reads';
import type { TaskReads } from '../../tasks/task-reads';
import { answerTasks, readTaskQuestion } from './answer-tasks';
import type { CallWordsReads } from '../../recordings/call-words';
import { findQuotes, NOT_IN_CALLS, quotesAnswer, type Quotes } from './answer-said';
import { readSaidQuestion } from './said-question';
import { answerTalkRatio, answerTeamTalk, type CoachingReads } from './answer-coaching';
import { answerCallQuestions, answerCallTalk } from './answer-call-coaching';
import { readCoachingQuestion, type CoachingQuestion } from './coaching-question';
import type { RecordingReads } from '../../recordings/recording-reads';

/** The other modules' reads the answers use (built in services.ts): the answerers', the named records', and the vocabulary's. */
export type QuestionReads = AnswerDeps &
  RecordReads & {
    people: Pick<UserReads, 'workspacePeople'>;
    dealSets: Pick<DealSetReads, 'labels'>;
    companies: Pick<CompanyReads, 'named'>;
    /** What was said on calls (the transcripts' segments). */
    callWords: Pick<CallWordsReads, 'search'>;
    /** The calls someone was on ("the call with Kaveri"), for the coaching questions. */
    recordings: Pick<RecordingReads, 'callsWithPerson' | 'latestForCompanies'>;
  };

/** The workspace's people and labels, so a question can name them. */
async function vocabularyOf(reads: QuestionReads, caller: Caller): Promise<Vocabulary> {
  const [people, labels] = await Promise.all([reads.people.workspacePeople(caller), reads.dealSets.labels(caller)]);
  return {
    callerId: caller.id,
    owners: people.map((p) => ({ id: p.id, firstName: p.first_name, lastName: p.last_name, email: p.email })),
    stages: labels.filter((l) => l.kind === 'stage').map((l) => l.label),
    pipelines: labels.filter((l) => l.kind === 'pipeline').map((l) => l.label),
  };
}

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
    case 'at_risk':
      return answerAtRisk(ctx, deps);
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
export function createQuestionsService(deps: {
  reads: QuestionReads;
  named: NamedRecords;
  /** The caller's tasks ("what are my tasks today"); without it such questions read as about deals. */
  tasks?: Pick<TaskReads, 'dueToday' | 'open'>;
  /** The coaching figures ("what was my talk ratio last week"); without them such questions read as others. */
  coaching?: CoachingReads;
  now?: () => Date;
}) {
  const { reads, named } = deps;
  const clock = deps.now ?? (() => new Date());
  /** Companies the caller sees whose name matches the account the question names (exact, else prefix, else substring). */
  const companiesNamed = (caller: Caller, account: string): Promise<Company[]> => reads.companies.named(caller, account);
  const answerCoaching = (ctx: AskContext, q: CoachingQuestion, vocab: Vocabulary): Promise<Answer> => {
    const coachingDeps = { coaching: deps.coaching!, recordings: reads.recordings, companies: reads.companies, named };
    if (q.kind === 'talk_ratio') return answerTalkRatio(ctx, coachingDeps, vocab, q);
    if (q.kind === 'team_talk') return answerTeamTalk(ctx, coachingDeps, q);
    if (q.kind === 'call_talk') return answerCallTalk(ctx, coachingDeps, vocab, q);
    return answerCallQuestions(ctx, coachingDeps, vocab, q);
  };

  return {
    async ask(caller: Caller, query: string, options: AskOptions = {}): Promise<Asked> {
      const now = options.now ?? clock();
      const zone = zoneOrUtc(options.timeZone);
      const today = localDate(now, zone);
      const vocab = await vocabularyOf(reads, caller);
      const { account: prefixed, question: typed } = splitAccountPrefix(query);
      const question = expandShorthand(typed);
      // The caller's own to-dos: read before any record name, so "overdue tasks" is not about deals.
      const taskQuestion = deps.tasks && !prefixed ? readTaskQuestion(question) : null;
      if (taskQuestion) return { ...(await answerTasks(caller, taskQuestion, deps.tasks!, zone)), intent: 'tasks' };
      // How the caller and their team talk on calls: the coaching figures, whatever account the question is asked for.
      const coachingQuestion = deps.coaching ? readCoachingQuestion(question, today) : null;
      if (coachingQuestion) {
        const ctx: AskContext = { caller, zone, today, now, account: null };
        return { ...(await answerCoaching(ctx, coachingQuestion, vocab)), intent: 'coaching' };
      }
      const asked = prefixed ?? (options.account?.trim() || null);
      let account: AskContext['account'] = null;
      if (asked) {
        const companies = await companiesNamed(caller, asked);
        if (companies.length === 0) return { ...unknownAccount(asked), intent: 'unknown' };
        account = { asked, companies };
      }
      // What was said on calls: quotes from the transcripts, before any record name is read as the question's subject.
      const said = readSaidQuestion(question, today);
      if (said) {
        const found = await findQuotes({ caller, zone, today, now, account }, { ...reads, named }, vocab, said);
        return { ...(found ? quotesAnswer(found, zone) : { text: NOT_IN_CALLS, sources: [], results: [] }), intent: 'said' };
      }
      // The records the question names come first; what is asked of them is read around them.
      const mentions = await named.findSideBySide(caller, question, labelWords(question, vocab));
      const decided = readNamed(question, mentions, account, vocab, today, reads);
      const ctx: AskContext = { caller, zone, today, now, account };
      if (decided.kind === 'answer') return { ...(await decided.run(ctx)), intent: decided.intent };
      const read: ReadQuestion = { intent: decided.intent, account: null };
      ctx.account = decided.account;
      // An account question ('last meeting with X') whose X named no record the caller sees.
      const trailing =
        !ctx.account && (read.intent.name === 'last_meeting' || read.intent.name === 'account_people') ? trailingAccount(question) : null;
      if (trailing) {
        const companies = await companiesNamed(caller, trailing);
        if (companies.length === 0) return { ...unknownAccount(trailing), intent: 'unknown' };
        ctx.account = { asked: trailing, companies };
      }
      const a = await answer(read, ctx, reads, vocab);
      return { ...(decided.cite ? citeAccounts(a, ctx) : a), intent: read.intent.name };
    },

    /** Whether the question is one the coaching figures answer (the model has no tool for them, so they are answered here). */
    answersCoaching(query: string): boolean {
      if (!deps.coaching) return false;
      const question = expandShorthand(splitAccountPrefix(query).question);
      return readCoachingQuestion(question, localDate(clock(), 'UTC')) !== null;
    },

    /**
     * For a question about what was said on calls, the quotes that answer it (null inside: none matched); null
     * for any other question. The model answers from these only (model/said-model.ts).
     */
    async quotes(caller: Caller, query: string, options: AskOptions = {}): Promise<{ found: Quotes | null; zone: string } | null> {
      const now = options.now ?? clock();
      const zone = zoneOrUtc(options.timeZone);
      const today = localDate(now, zone);
      const { account: prefixed, question: typed } = splitAccountPrefix(query);
      const question = expandShorthand(typed);
      if (deps.tasks && !prefixed && readTaskQuestion(question)) return null;
      const said = readSaidQuestion(question, today);
      if (!said) return null;
      const asked = prefixed ?? (options.account?.trim() || null);
      const companies = asked ? await companiesNamed(caller, asked) : [];
      if (asked && companies.length === 0) return { found: null, zone };
      const account = asked ? { asked, companies } : null;
      const vocab = await vocabularyOf(reads, caller);
      return { found: await findQuotes({ caller, zone, today, now, account }, { ...reads, named }, vocab, said), zone };
    },

    /** The records the question names among those the caller may see, in words a model reads ('deal "X" (id 10012)'). */
    async named(caller: Caller, query: string): Promise<string[]> {
      // The same text the deterministic path reads, so the model gets the same resolved names.
      const question = expandShorthand(splitAccountPrefix(query).question);
      const found = await named.find(caller, question, labelWords(question, await vocabularyOf(reads, caller)));
      return [
        ...found.deals.map((d) => `deal "${d.name}" (id ${d.id})`),
        ...found.companies.map((c) => `account "${c.name}"`),
        ...found.contacts.map((c) => `contact "${c.name}"`),
      ];
    },
  };
}

export type QuestionsService = ReturnType<typeof createQuestionsService>;
