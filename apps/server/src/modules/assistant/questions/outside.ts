import type { Answer } from './answer-kit';
import { either } from './either';

/** What the assistant answers, said when a question is outside it. */
export const CAN_ANSWER =
  'I answer from your Pipewise data: a deal, account or contact you name (amount, stage, close date, next step, pain points, ' +
  'decision maker, owner), lists such as deals closing next week, overdue deals, deals without a next step or with no recent ' +
  'activity, totals per stage or owner, your recorded meetings and your calls.';

export const outsideAnswer: Answer = { text: `I can't help with that. ${CAN_ANSWER}`, sources: [], results: [] };

/** The sentence for a deal, account or contact the question names that the caller does not have (or cannot see). */
export const unknownName = (name: string): Answer => ({
  text: `I could not find a deal, account or contact named "${name}" that you can see. ${CAN_ANSWER}`,
  sources: [],
  results: [],
});

/** The sentence for a deal of a named account that is none of the caller's deals: nothing about any other deal. */
export const unknownDeal = (name: string): Answer => ({
  text: `I could not find a deal named "${name}" among the deals you can see.`,
  sources: [],
  results: [],
});

/** Topics no CRM answer is about. */
const OUTSIDE = either(
  /\b(weather|temperature|forecast\s+(?:for|in)\s+(?:today|tomorrow|mumbai|delhi)|rain(?:ing)?|poem|poetry|haiku|song|lyrics)\b/,
  /\b(jokes?|funny|story\s+about|essay|recipe|cook|movie|film|cricket|football|ipl|match\s+score|score\s+of)\b/,
  /\b(stock\s+price|share\s+price|sensex|nifty|bitcoin|crypto|news|headlines|president|prime\s+minister|capital\s+of)\b/,
  /\b(population|translate|meaning\s+of|define|definition|synonym|calculate|square\s+root|who\s+won|who\s+invented)\b/,
  /\d+\s*[-+*/x×]\s*\d+/,
  /\b(how\s+tall|how\s+old\s+is|horoscope|birthday|wikipedia|google|chatgpt|email\s+template|compose|sing|dance)\b/,
  /\b(write\s+(?:me\s+)?(?:a|an)|draft\s+(?:a|an)|time\s+in\s+\w+|what\s+time\s+is\s+it|what\s+day\s+is\s+it)\b/,
  /\b(flight|train\s+to|hotel|restaurants?|traffic|holidays?|vacation|quantum|biryani)\b/,
);

/** Words that tie a question to the CRM: with any of them, a search of meetings and deals makes sense. */
const CRM_WORDS = either(
  /\b(deals?|opportunit(?:y|ies)|pipeline|accounts?|customers?|clients?|prospects?|leads?|contacts?|meetings?|calls?)\b/,
  /\b(recordings?|transcripts?|demos?|notes|crm|quota|forecast|revenue|stage|owner|discuss(?:ed)?|mention(?:ed|s)?)\b/,
  /\b(talk(?:ed)?|said|say|raised|brought\s+up|objections?|competitors?)\b/,
);

/** Asked as a search of the caller's records: 'mentions of GST', 'what did they say about pricing', a quoted phrase or a few keywords. */
const SEARCH_WORDS = either(
  /["“]/,
  /\b(search|find|look\s+up|mentions?|mentioned|mentioning|discuss(?:ed|ing)?|talk(?:ed|ing)?\s+about|said|say\s+about)\b/,
  /\b(raised|brought\s+up|came\s+up|anything\s+(?:about|on)|notes\s+(?:on|about))\b/,
);

const QUESTION_START = either(
  /^\s*(what|who|whom|whose|when|where|why|how|which|is|are|can|could|would|will|should|do|does|did)\b/,
  /^\s*(tell|give|write|explain|make|please|hey|hi|hello)\b/,
);

/** Asked to make something (a poem, a haiku, a joke): nothing in the CRM answers that, whatever it is about. */
const CREATIVE = either(
  /\b(poem|poetry|haiku|limerick|song|lyrics|jokes?|essay|sonnet|rap)\b/,
  /\b(compose|sing)\b/,
  /\bwrite\s+(?:me\s+)?(?:a|an)\s+(?:story|poem|song|essay|joke|haiku|letter|speech)\b/,
);

/** What a totals answer is about: with one of these, a question with no other CRM word still asks for the caller's numbers. */
const STATS_WORDS = either(
  /\b(total|sum|amount|value|worth|how\s+much|numbers?|revenue|closing|closed|won|lost|biggest|largest|top|average)\b/,
  /\b(doing|performance|progress|status|overview|summary|summarise|summarize)\b/,
  /\b(my|our|team'?s?)\s+(?:target|quota|forecast|book|business)\b/,
);

/**
 * A topic no CRM answer is about, and no CRM word with it ('weather in Mumbai', 'who won the IPL'),
 * or a request to make something, even about deals ('compose a haiku about closing deals').
 */
export const clearlyOutside = (question: string) =>
  !SEARCH_WORDS.test(question) && ((OUTSIDE.test(question) && !CRM_WORDS.test(question)) || CREATIVE.test(question));

/**
 * Whether a question that would get the caller's whole-pipeline totals (no filter, no name) is really
 * about something else: 'how many states in India', 'send an email to my wife'. Totals need a CRM or
 * a totals word ('how many deals', 'what's our total').
 */
export const outsideTotals = (question: string) => isOutside(question) && !STATS_WORDS.test(question);

/** Whether a question the CRM intents did not recognise is outside the CRM (a plain 'I can't' answers it). */
export function isOutside(question: string): boolean {
  if (OUTSIDE.test(question) && !SEARCH_WORDS.test(question)) return true;
  if (CRM_WORDS.test(question) || SEARCH_WORDS.test(question)) return false;
  // A few keywords ('zeppelin', 'GST quotation') are a search; a sentence of another kind is not.
  const words = question.trim().split(/\s+/).length;
  return QUESTION_START.test(question) || words > 4;
}

const QUOTE = `["“'”]?`;
const RECORD_WORD = '(?:deal|account|opportunity|company)';

/** A name the question asks about that no record had: 'tell me about Tesla', 'next step for Acme Rockets', 'Orion: pain points?'. */
export function askedName(question: string): string | null {
  const q = question.trim().replace(/[?.!]+$/, '');
  const patterns = [
    /^\s*([^:]{2,60}?)\s*:\s*\S/, // 'Orion renewal: pain points'
    /\bthe\s+([A-Z][\w&.'-]*(?:\s+[A-Z0-9][\w&.'-]*)*)\s+(?:deal|account|opportunity|company)\b/, // 'who owns the Umbrella Corp deal'
    // 'how big is the aurobindo steels deal', typed in lower case
    new RegExp(
      String.raw`^\s*(?:how\s+(?:big|much|large)|what'?s|what\s+is|who\s+owns|where\s+is|when\s+(?:is|does))\b.*?` +
        String.raw`\bthe\s+([a-z][\w&.'-]*(?:\s+[a-z0-9][\w&.'-]*){0,4}?)\s+(?:deal|account|opportunity)\s*$`,
      'i',
    ),
    /^\s*([A-Z][\w&.'-]*(?:\s+[A-Z0-9][\w&.'-]*)+)\s+\w/, // 'Dunder Mifflin next step'
    // 'the account named Foo', 'deal Foo'
    new RegExp(
      `\\b(?:deal|account|company|client|customer|contact|opportunity)\\s+(?:named\\s+|called\\s+)?` +
        `${QUOTE}([A-Z0-9][\\w&.' -]{1,60}?)${QUOTE}` +
        `(?=\\s*(?:$|[,;?]|\\s+(?:deal|account|is|has|and)\\b))`,
    ),
    new RegExp(
      `\\b(?:for|on|of|with|about|at|is|does)\\s+(?:the\\s+)?${QUOTE}([A-Z][\\w&.' -]{1,60}?)${QUOTE}(?:\\s+${RECORD_WORD})?\\s*$`,
    ),
    new RegExp(`\\b(?:for|on|of|with|about)\\s+(?:the\\s+)?${QUOTE}([a-z][\\w&.' -]{1,40}?)${QUOTE}\\s+${RECORD_WORD}\\s*$`, 'i'),
    new RegExp(
      `^\\s*(?:how\\s+is|how's|hows|what\\s+about|tell\\s+me\\s+about|who\\s+is|who's|update\\s+on|status\\s+of)\\s+(?:the\\s+)?` +
        `([\\w&.' -]{2,60}?)(?:\\s+(?:deal|account|doing|going))*\\s*$`,
      'i',
    ),
  ];
  for (const re of patterns) {
    const m = re.exec(q);
    const name = m?.[1]?.trim();
    if (name && !/^(it|this|that|them|me|us|my|our|the|a|an|you|deal|deals|account|today|tomorrow|next\s+\w+|this\s+\w+)$/i.test(name))
      return name;
  }
  return null;
}
