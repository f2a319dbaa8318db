import { pattern } from './regex-text';
/**
 * What kind of statement a sentence is. Only a statement of what will happen is a proposal:
 * questions, hypotheticals ("if we…", "we could…"), the past, and denials are not.
 */

/** "We would like to sign…" is an intent, not a hypothetical. */
const WISH = /\b(?:would|'d)\s+(?:like|love|want|prefer)\b/gi;
const HYPOTHETICAL = pattern('i')`\b(?:if|unless|suppose|supposing|hypothetically|in theory|what if|assuming|maybe|perhaps|possibly|
    might|could|would|should we|in case|whether|potentially|ideally)\b|\bi\s+(?:guess|wonder)\b|
    \bnot sure\b`;
const PAST = pattern('i')`\b(?:last\s+(?:year|quarter|month|time|week)|previous(?:ly)?|used to|ago|back in|in the past|
    at my (?:last|previous|old)|formerly|earlier this year|we already|had already|was|were)\b`;
const DENIAL = /\b(?:not|never|no longer|no way|nobody|n't)\b|\w+n't\b|\bcannot\b/i;
const OTHER_PARTY = pattern('i')`\b(?:another|other|a different|one of our)\s+(?:company|companies|client|clients|customer|customers|
    vendor|vendors|account|accounts|team|division)\b|\b(?:their|they|them)\s+(?:budget|price|pricing|
    quote|charged|charge|paid|pay)\b|\bcompetitor\b`;

export const isQuestion = (s: string) =>
  /\?\s*["')]*$/.test(s.trim()) ||
  /^(?:do|does|did|is|are|can|could|would|will|shall|should|have|has|what|when|who|how|why|which)\b[^.!]*$/i.test(s.trim());
export const isHypothetical = (s: string) => HYPOTHETICAL.test(s.replace(WISH, ''));
export const isPast = (s: string) => PAST.test(s);
export const isDenial = (s: string) => DENIAL.test(s);
export const isAboutOthers = (s: string) => OTHER_PARTY.test(s);

/** A firm statement: not a question nor a hypothetical. */
export const isStatement = (s: string) => !isQuestion(s) && !isHypothetical(s);

/** Words a speaker opens with that say nothing ("So,", "Okay, great,"). */
const FILLER =
  /^(?:(?:so|okay|ok|right|great|perfect|sure|yeah|yes|alright|all right|well|and|um+|uh+|cool|fine|sounds good|got it)\b[,.!]?\s*)+/i;

/** The sentence as a field's text: opening filler dropped, first letter upper case, ending with a stop. */
export function cleanStatement(s: string): string {
  const t = s.replace(FILLER, '').trim();
  const body = t.charAt(0).toUpperCase() + t.slice(1);
  return /[.!?]$/.test(body) ? body.replace(/!$/, '.') : `${body}.`;
}
