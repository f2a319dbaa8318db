import { either } from './either';
/** The fields a question asks of one named deal (or of an account's deals), read from the words around the name. */

export const DEAL_FIELDS = ['amount', 'stage', 'closedate', 'nextsteps', 'painpoints', 'kdm', 'owner', 'company', 'summary'] as const;
export type DealField = (typeof DEAL_FIELDS)[number];

const FIELD_WORDS: [DealField, RegExp][] = [
  [
    'nextsteps',
    either(
      /\bnext[\s-]*steps?\b|\bnxt\s+steps?\b|\bnext\s+actions?\b|\bwhat'?s\s+next\b|\bwhat\s+next\b/,
      /\bfollow[\s-]?ups?\b|\baction\s+items?\b|\bto[\s-]?dos?\b|\b(?:do|doing)\s+next\b/,
    ),
  ],
  [
    'painpoints',
    either(
      /\bpain[\s-]*p(?:oi|io)nts?\b|\bpains?\b|\bchallenges?\b|\bproblems?\b|\bissues?\b|\bstruggl\w*/,
      /\bhurting\b|\bconcerns?\b|\bneeds?\b(?!\s+to)/,
    ),
  ],
  [
    'kdm',
    either(
      /\bkdms?\b|\bdecision[\s-]*makers?\b|\bdecision\s+maker\b/,
      /\bwho\s+(?:decides|signs|approves|is\s+the\s+buyer)\b|\beconomic\s+buyer\b/,
      /\bsign(?:s|ing)?[\s-]off\b|\bstakeholders?\b|\bbuying\s+committee\b|\bchampion\b/,
      /\bwho\s+(?:should|do)\s+(?:i|we)\s+(?:talk|speak)\b/,
    ),
  ],
  [
    'amount',
    either(
      /\bamount\b|\bamt\b|\bvalue\b|\bvalued\b|\bworth\b|\bhow\s+(?:big|large|much)\b|\bsize\b/,
      /\bsized\b|\bacv\b|\bprice\b|\bpricing\b|\brevenue\b|\bticket\b|\bdeal\s+value\b|\bbigger\b|\blarger\b/,
      /\b(?:₹|rs\.?|inr)\s*\?/,
    ),
  ],
  [
    'stage',
    either(
      /\bstage\b|\bstatus\b|\bphase\b|\bwhere\s+(?:is|are|does|do)\b|\bwhere\s+we\s+(?:are|stand)\b/,
      /\bhow\s+far\b|\bwon\b|\blost\b|\bin\s+which\s+stage\b|\bprogress\b/,
    ),
  ],
  [
    'closedate',
    either(
      /\bclose\s*date\b|\bclosing\s+date\b|\bwhen\b.*\bclos\w*|\bclos\w*\b.*\bwhen\b/,
      /\bexpected\s+to\s+close\b|\bclos(?:e|es|ing)\s+(?:on|by)\b|\bdue\s+date\b|\bdue\b|\beta\b/,
      /\bwhen\s+(?:will|is|does)\b|\bclose\s+by\b|\btimeline\b/,
    ),
  ],
  [
    'owner',
    either(
      /\bowner\b|\bowns?\b|\bowned\b|\bwhose\b/,
      /\bwho\s+(?:is|'s|s)\s+(?:handling|working|on|managing|running|responsible)\b/,
      /\bwho\s+(?:handles|manages|runs|has)\b|\bassigned\b|\baccount\s+(?:manager|owner|exec)\b/,
      /\bsales\s*(?:rep|person)\b|\bwhich\s+rep\b|\bwho'?s\s+rep\b/,
    ),
  ],
  [
    'company',
    either(
      /\bwhich\s+(?:company|account|client|customer)\b|\bwhat\s+(?:company|account|client|customer)\b/,
      /\bwho\s+is\s+the\s+(?:customer|client)\b/,
    ),
  ],
  [
    'summary',
    either(
      /\bsummary\b|\bsummari[sz]e\b|\boverview\b|\btell\s+me\s+(?:about|more)\b|\bdetails?\b/,
      /\bwhat'?s\s+(?:going\s+on|happening|up|the\s+latest|the\s+story|the\s+deal)\b|\bbrief\b/,
      /\bupdate\s+(?:on|about)\b|\bstatus\s+update\b|\bhow\s+is\b.*\bgoing\b|\bhow'?s\b.*\bgoing\b/,
      /\bdoing\b|\binfo\b|\bcontext\b|\bsnapshot\b|\bbackground\b/,
    ),
  ],
];

/** The fields asked, in the order the answer gives them; none means the deal's overview. */
export function readDealFields(text: string): DealField[] {
  const found = FIELD_WORDS.filter(([, re]) => re.test(text)).map(([f]) => f);
  // 'status' with 'update' or 'summary' asks for the whole deal; 'when' with a stage word asks the date.
  if (found.includes('summary') && found.length > 1) return found.filter((f) => f !== 'summary');
  return found;
}

/** A contact's fields: email, phone, title, deals. */
export type ContactField = 'email' | 'phone' | 'jobtitle' | 'company' | 'deals' | 'overview';

export function readContactFields(text: string): ContactField[] {
  const out: ContactField[] = [];
  if (/\be-?mail\b|\bmail\s+id\b/i.test(text)) out.push('email');
  if (/\bphone\b|\bnumber\b|\bmobile\b|\bcontact\s+(?:no|number|details)\b|\bcall\s+(?:him|her|them)\b|\bwhatsapp\b/i.test(text))
    out.push('phone');
  if (/\brole\b|\btitle\b|\bjob\b|\bdesignation\b|\bposition\b|\bwho\s+is\b|\bwho'?s\b/i.test(text)) out.push('jobtitle');
  if (/\bcompany\b|\bwork(?:s)?\s+(?:at|for)\b|\bwhich\s+account\b|\borgani[sz]ation\b/i.test(text)) out.push('company');
  if (/\bdeals?\b|\bopportunit/i.test(text)) out.push('deals');
  return out.length ? out : ['overview'];
}
