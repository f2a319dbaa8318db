import { splitAccountPrefix, trailingAccount } from './account-prefix';
import type { Intent, ReadQuestion, Vocabulary } from './intents';
import { hasFilters, readFilters, readLabels } from './read-filters';
import { either } from './either';
import { AT_RISK } from './answer-confidence';

/** Each intent's wording; checked in this order, the first that fits wins. */
const CALLS_WORDS = /\b(calls?|meetings?|schedule|agenda|appointments?|calendar)\b/i;
const CALLS_DAY = /\b(today|tonight|tomorrow)(?:'s)?\b/i;
const LAST_MEETING = either(
  /\b(last|latest|most recent|previous|recent)\s+(meeting|call|conversation|discussion|recording|demo|sync)s?\b/,
  /\bwhat\s+(?:was|were|did\s+(?:we|they|you)|have\s+we)\s+(?:discussed|discuss|talk(?:ed)?|covered?|agreed?)\b/,
  /\bkey\s+(?:points|takeaways)\b|\bmeeting\s+(?:summary|notes)\b/,
);
const PAIN = /\bpain\s*points?\b|\bpains\b|\bchallenges\b|\bproblems\b|\bissues\b/i;
const DECISION = either(
  /\bdecision[- ]?makers?\b|\bkdms?\b|\bstakeholders?\b|\bwho\s+(?:decides|signs|approves)\b/,
  /\bkey\s+contacts?\b|\bbuying\s+committee\b|\bwho\s+should\s+(?:i|we)\s+(?:talk|speak|meet)\b/,
);
const TOP_OWNER = either(
  new RegExp(
    String.raw`\b(?:who|which\s+(?:team\s*member|rep|person|owner|seller|sales\s*person|salesperson|member|user))\b` +
      String.raw`.*\b(?:most|biggest|largest|highest|top)\b`,
  ),
  /\btop\s+(?:rep|seller|performer|sales\s*person|salesperson)\b/,
);
const GROUP_BY = either(
  new RegExp(
    String.raw`\b(?:by|per|for\s+each|for\s+every|in\s+each|in\s+every|across|split\s+by|each|every)\s+(?:each\s+)?` +
      String.raw`(stage|pipeline|owner|rep|person|team\s*member|sales\s*person|salesperson|member|user)s?\b`,
  ),
  /\b(stage|pipeline|owner|rep)[- ]?wise\b/,
);
const NO_NEXT_STEPS = either(
  new RegExp(
    String.raw`\b(?:without|no|missing|lack(?:ing|s)?|empty|blank|w\/o|don'?t\s+have|do\s+not\s+have|` +
      String.raw`doesn'?t\s+have|does\s+not\s+have|need)\s+(?:any\s+)?(?:a\s+)?next\s*steps?\b`,
  ),
  /\bnext\s*steps?\s+(?:is\s+|are\s+)?(?:missing|empty|blank|not\s+(?:set|defined|added|there)|undefined|null)\b/,
);
const STUCK = either(
  /\b(stuck|stalled|stale|idle|untouched|inactive|dormant|quiet|neglected|cold)\b/,
  /\b(?:no|without\s+(?:any\s+)?)\s*(?:recent\s+)?(?:updates?|activity|activities|movement|progress|changes?)\b/,
  /\bnobody\s+(?:has\s+)?(?:touched|updated|worked)\b/,
  /\bnot\s+(?:been\s+)?(?:updated|touched|moved|changed)\b/,
  /\bhaven'?t\s+(?:been\s+)?(?:updated|moved|touched)\b/,
);
const OVERDUE = either(
  /\boverdue\b|\bpast\s+(?:their\s+|the\s+|its\s+)?close\s*dates?\b/,
  /\bclose\s*dates?\s+(?:has\s+|have\s+|is\s+|are\s+)?(?:passed|gone\s+by|in\s+the\s+past|expired|over)\b/,
  /\bslipped\b|\bmissed\s+(?:their\s+|the\s+|its\s+)?close\s*dates?\b|\bpast[\s-]due\b/,
  /\bshould\s+have\s+closed\b|\blate\s+to\s+close\b|\bexpired\s+close\s*dates?\b/,
  /\bbehind\s+(?:their\s+)?close\s*dates?\b/,
);
const LARGEST = either(
  /\b(largest|biggest|top|highest[- ]value|highest|most\s+valuable|big)\b(?:\s+\d+)?\s+(?:open\s+)?(deals?|opportunit(?:y|ies))\b/,
  /\btop\s+\d+\b/,
);
const CLOSING = /\bclos(?:e|es|ing|ings)\b/i;
const DEALISH = /\b(deals?|opportunit(?:y|ies)|pipeline|how\s+many|how\s+much|total|sum|count|number\s+of|worth|value)\b/i;
const COUNT_WORDS = /\b(how\s+many|number\s+of|count)\b/i;
const SUM_WORDS = /\b(total|sum|value|worth|how\s+much|amount)\b/i;

function stuckDays(q: string): number {
  const m = /(\d{1,4})\s*(day|week|month)s?\b/i.exec(q);
  if (!m) return 30;
  const n = Number(m[1]) * (m[2]!.toLowerCase() === 'week' ? 7 : m[2]!.toLowerCase() === 'month' ? 30 : 1);
  return Math.min(Math.max(n, 1), 3650);
}

function largestLimit(q: string): number {
  const m = /\btop\s+(\d{1,3})\b|\b(\d{1,3})\s+(?:largest|biggest|highest|most)\b/i.exec(q);
  const n = m ? Number(m[1] ?? m[2]) : 5;
  return Math.min(Math.max(n, 1), 20);
}

function groupOf(word: string): 'stage' | 'pipeline' | 'owner' {
  const w = word.toLowerCase();
  return w === 'stage' ? 'stage' : w === 'pipeline' ? 'pipeline' : 'owner';
}

/** The intent of a question (the account prefix already taken off), given the workspace's names and today's date. */
export function matchIntent(question: string, vocab: Vocabulary, today: string): Intent {
  // Reps' shorthand: 'next wk', 'closings', 'w/o'.
  const q = question
    .trim()
    .replace(/\bwk\b/gi, 'week')
    .replace(/\bmnth\b/gi, 'month');
  if (CALLS_DAY.test(q) && CALLS_WORDS.test(q) && !LAST_MEETING.test(q))
    return { name: 'calls', day: /tomorrow/i.test(q) ? 'tomorrow' : 'today' };
  if (LAST_MEETING.test(q) && !PAIN.test(q) && !DECISION.test(q)) return { name: 'last_meeting' };
  // A stage or pipeline named in the question is a filter, not a field word ("my deals at Decision Maker Bought-In").
  const words = readLabels(q, [...vocab.stages, ...vocab.pipelines], vocab.stages).rest;
  const pain = PAIN.test(words);
  const decision = DECISION.test(words);
  if (pain || decision) return { name: 'account_people', painpoints: pain, decisionMakers: decision };
  if (AT_RISK.test(q)) return { name: 'at_risk' };
  if (TOP_OWNER.test(q)) return { name: 'top_owner' };
  const group = GROUP_BY.exec(q);
  if (group) return { name: 'pipeline_by', by: groupOf(group[1] ?? group[2]!) };
  if (NO_NEXT_STEPS.test(q)) return { name: 'no_next_steps' };
  if (OVERDUE.test(q)) return { name: 'overdue' };
  if (STUCK.test(q)) return { name: 'stuck', days: stuckDays(q) };
  const filters = readFilters(q, vocab, today);
  // A named period or month reads as 'closing'; explicit dates are the list's close-date filter.
  const namedPeriod = filters.close !== null && !/^(between|on or)/.test(filters.close.label);
  const onlyClose = namedPeriod && !filters.owners.length && !filters.stages.length && !filters.pipelines.length && !filters.search;
  if (LARGEST.test(q)) return { name: 'largest', limit: largestLimit(q), filters };
  if (CLOSING.test(q) && onlyClose) return { name: 'closing', range: filters.close! };
  // A list of 'kavya's deals closing next month' shows those still to close, as 'closing' alone does (a won deal
  // closes no more). A count or total over a period ('how many deals owned by Rohan closing this quarter') and a
  // calendar month ('closing in December') keep every deal dated in it, closed ones too.
  const relative = /^(this|next|in the next)\b/.test(filters.close?.label ?? '');
  if (CLOSING.test(q) && relative && !filters.stages.length && !COUNT_WORDS.test(q) && !SUM_WORDS.test(q)) filters.openOnly = true;
  if (DEALISH.test(q) || hasFilters(filters)) {
    const counted = COUNT_WORDS.test(q);
    const summed = SUM_WORDS.test(q);
    return { name: 'deal_stats', measure: counted && !summed ? 'count' : summed && !counted ? 'sum' : 'both', filters };
  }
  return { name: 'search', text: q };
}

/** Reads a query: its account (context, prefix, or named at the end for account questions) and intent. */
export function readQuestion(query: string, contextAccount: string | null, vocab: Vocabulary, today: string): ReadQuestion {
  const { account: prefixed, question } = splitAccountPrefix(query);
  const intent = matchIntent(question, vocab, today);
  let account = prefixed ?? (contextAccount?.trim() || null);
  if (!account && (intent.name === 'last_meeting' || intent.name === 'account_people')) account = trailingAccount(question);
  return { intent, account };
}
