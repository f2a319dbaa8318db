import type { Answer, AskContext } from './answer-kit';
import { answerAccount, answerContact, answerDealFields, type RecordReads } from './answer-record';
import { isListIntent, type Intent, type IntentName, type Vocabulary } from './intents';
import { matchIntent } from './match-intent';
import { hasFilters } from './read-filters';
import { wordsOf } from './name-match';
import type { Mentions } from './named-records';
import { trailingAccount } from './account-prefix';
import { contentWords } from './name-match';
import { askedName, clearlyOutside, isOutside, outsideAnswer, outsideTotals, unknownDeal, unknownName } from './outside';
import { readContactFields, readDealFields } from './record-fields';
import { answerDealConfidence, asksWhyConfidence } from './answer-confidence';

/** What a question is about once its names are read: one of the list intents, or a named record. */
export type NamedRead =
  | { kind: 'intent'; intent: Intent; account: AskContext['account']; cite?: boolean }
  | { kind: 'answer'; intent: IntentName; run: (ctx: AskContext) => Promise<Answer> };

/** The words of the workspace's people, stages and pipelines that the question holds (not names of records). */
export function labelWords(question: string, vocab: Vocabulary): Set<string> {
  const asked = new Set(wordsOf(question));
  const out = new Set<string>();
  const phrases = [
    ...vocab.stages,
    ...vocab.pipelines,
    ...vocab.owners.flatMap((o) => [`${o.firstName} ${o.lastName}`, o.firstName, o.email.split('@')[0]!]),
  ];
  for (const phrase of phrases) {
    const words = wordsOf(phrase);
    if (words.length && words.every((w) => asked.has(w))) for (const w of words) out.add(w);
  }
  return out;
}

/** The question without the words that named records: what is left says what is asked of them. */
const without = (question: string, words: Set<string>) =>
  question
    .split(/(\s+)/)
    .filter((w) => !words.has(wordsOf(w)[0] ?? ''))
    .join('')
    .trim();

/** Field words on an account that ask for its deals' fields rather than a list. */
const ACCOUNT_FIELDS = new Set(['nextsteps', 'stage', 'closedate', 'owner', 'company', 'summary', 'amount']);

/**
 * Decides what a question asks after reading the records it names: a named deal gets its fields,
 * a named contact their card, a named account its deals (or a list intent scoped to it); with no
 * name, the list intents, else 'I could not find X' or what the assistant can answer.
 */
export function readNamed(
  question: string,
  mentions: Mentions,
  contextAccount: AskContext['account'],
  vocab: Vocabulary,
  today: string,
  records: RecordReads,
): NamedRead {
  const rest = without(question, mentions.words);
  const intent = matchIntent(rest, vocab, today);
  const fields = readDealFields(rest);
  const caller = (ctx: AskContext) => ctx.caller;

  // "Why is <deal> at 40%": that deal's score and its factors (the number asked may be wrong or missing).
  if (mentions.deals.length && asksWhyConfidence(rest))
    return {
      kind: 'answer',
      intent: 'deal_field',
      run: (ctx) =>
        answerDealConfidence(
          records,
          caller(ctx),
          mentions.deals.map((d) => d.id),
          question,
        ),
    };
  if (mentions.deals.length) {
    const companies = [...new Set(mentions.deals.map((d) => d.companyId).filter((id): id is string => !!id))];
    if (intent.name === 'last_meeting' || intent.name === 'calls')
      return {
        kind: 'intent',
        intent,
        account: companies.length
          ? { asked: mentions.deals[0]!.name, companies: companies.map((id) => ({ id, name: mentions.deals[0]!.name })) }
          : null,
      };
    return {
      kind: 'answer',
      intent: 'deal_field',
      run: (ctx) =>
        answerDealFields(
          records,
          caller(ctx),
          mentions.deals.map((d) => d.id),
          fields,
          ctx.today,
        ),
    };
  }
  const contactFirst =
    mentions.contacts.length && (!mentions.companies.length || mentions.contacts[0]!.match.score > mentions.companies[0]!.match.score);
  if (contactFirst)
    return {
      kind: 'answer',
      intent: 'contact',
      run: (ctx) => answerContact(records, caller(ctx), mentions.contacts, readContactFields(rest)),
    };
  // An account's deal the caller does not have (another team's, or none of that name): said plainly, nothing of it.
  if (mentions.unknownDeal) return { kind: 'answer', intent: 'unknown', run: async () => unknownDeal(mentions.unknownDeal!) };
  const account = mentions.companies.length
    ? { asked: mentions.companies.map((c) => c.name).join(' / '), companies: mentions.companies.map((c) => ({ id: c.id, name: c.name })) }
    : contextAccount;
  if (account) {
    const companies = account.companies.map((c) => ({
      id: c.id,
      name: c.name,
      companyId: null,
      match: { score: 1, coverage: 1, used: [], first: true },
    }));
    // "Why is the Acme deal's confidence so low": the account's open deals, lowest score first, with their factors.
    if (asksWhyConfidence(rest)) return { kind: 'intent', intent: { name: 'at_risk' }, account };
    const asksFields = fields.some((f) => ACCOUNT_FIELDS.has(f));
    if (isListIntent(intent.name) && !(intent.name === 'closing' && fields.includes('closedate') && !/\b(this|next)\b/i.test(rest)))
      return { kind: 'intent', intent, account };
    if (intent.name === 'deal_stats' && (!asksFields || /\b(how\s+many|count|number\s+of|total|sum)\b/i.test(rest)))
      return { kind: 'intent', intent, account };
    if (intent.name === 'search' && !asksFields && /\b(mention|discuss|said|say|talk|raised|notes?|transcript)/i.test(rest))
      return { kind: 'intent', intent, account };
    return { kind: 'answer', intent: 'account', run: (ctx) => answerAccount(records, caller(ctx), companies, fields, ctx.today) };
  }
  if (clearlyOutside(question)) return { kind: 'answer', intent: 'outside', run: async () => outsideAnswer };
  // A name that is none of the caller's records (nor a person, stage or pipeline of the workspace).
  const labels = labelWords(question, vocab);
  const isName = (n: string | null): n is string => !!n && contentWords(n).some((w) => !labels.has(w));
  const name = askedName(question);
  if (intent.name === 'last_meeting' || intent.name === 'account_people') {
    const trailing = trailingAccount(question) ?? name;
    if (isName(trailing)) return { kind: 'answer', intent: 'unknown', run: async () => unknownName(trailing) };
  }
  const unfiltered = intent.name === 'search' || (intent.name === 'deal_stats' && !hasFilters(intent.filters));
  const overview = /^\s*(how\s+is|how's|hows|what\s+about|tell\s+me\s+about|update\s+on|status\s+of)\b/i.test(question);
  if (unfiltered && isName(name) && (fields.length || overview))
    return { kind: 'answer', intent: 'unknown', run: async () => unknownName(name) };
  // 'my' alone makes the caller the owner: 'send an email to my wife' is no more about deals for it.
  const onlyMine = intent.name === 'deal_stats' && hasFilters({ ...intent.filters, owners: [] }) === false;
  if (intent.name === 'deal_stats' && (unfiltered || onlyMine) && !fields.length && outsideTotals(question))
    return { kind: 'answer', intent: 'outside', run: async () => outsideAnswer };
  if (intent.name !== 'search') return { kind: 'intent', intent, account: null };
  if (fields.length && !isOutside(question))
    return {
      kind: 'answer',
      intent: 'unknown',
      run: async () => ({
        text:
          'Which deal, account or contact do you mean? Name it in the question, ' +
          "e.g. 'What is the next step for Kaveri Foods - Dealer portal?'",
        sources: [],
        results: [],
      }),
    };
  if (isOutside(question)) return { kind: 'answer', intent: 'outside', run: async () => outsideAnswer };
  return { kind: 'intent', intent, account: null };
}
