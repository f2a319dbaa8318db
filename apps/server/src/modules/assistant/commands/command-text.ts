/**
 * Quoted parts of a command ("Acme renewal", 'Q4 rollout', “Acme”) are names or values as
 * typed: they are swapped for placeholders before the command's words are read, so a keyword
 * inside quotes (a deal called "Stage Two") cannot split it, and restored in the values.
 */
export type MaskedText = {
  text: string;
  quoted: string[];
  /** Names of the caller's records found in the text (as typed), swapped for placeholders like quotes are. */
  entities?: string[];
};

// Private-use characters: nobody types them, and they are word boundaries to the keyword scan.
const OPEN = '\ue000';
const CLOSE = '\ue001';
const QUOTES = /"([^"]*)"|“([^”]*)”|‘([^’]*)’|(?<=^|[\s(:,=])'([^']*)'(?=$|[\s),.;:!?])/g;

export function maskQuotes(input: string): MaskedText {
  const quoted: string[] = [];
  const text = input.replace(QUOTES, (_m, a?: string, b?: string, c?: string, d?: string) => {
    quoted.push((a ?? b ?? c ?? d ?? '').trim());
    return `${OPEN}${quoted.length - 1}${CLOSE}`;
  });
  return { text, quoted };
}

/** The text with its placeholders back to what was quoted (without the quotes). */
export function unmask(text: string, masked: MaskedText): string {
  return text
    .replace(/\ue000(\d+)\ue001/g, (_m, i: string) => masked.quoted[Number(i)] ?? '')
    .replace(/\ue002(\d+)\ue003/g, (_m, i: string) => masked.entities?.[Number(i)] ?? '');
}

/** A recognised name's placeholder: the name's text stays out of the field-word scan. */
export const entityPlaceholder = (i: number) => `\ue002${i}\ue003`;

/** The index of the recognised name a value wholly is, else null. */
export function wholeEntity(text: string): number | null {
  const m = /^\ue002(\d+)\ue003$/.exec(text.trim());
  return m ? Number(m[1]) : null;
}

/** Quoted parts as blanks of the same length (offsets kept, nothing to read in them). */
export const blankQuotes = (text: string) => text.replace(/\ue000\d+\ue001/g, (m) => ' '.repeat(m.length));

/** True when the whole value was one quoted part: then it is taken literally. */
export const isWhollyQuoted = (text: string) => /^\ue000\d+\ue001$/.test(text.trim());

/** Words that join a field to its value ("stage to X", "amount is X", "email: X"). */
// A dash before a digit is a minus sign ('amount -5000'), kept for the value's reader to refuse.
const LEADING_LINKS = /^(?:(?:is|are|was|to|of|as|be|should be|will be|equals?|on|by|now)(?:\s+|$)|[=:–]\s*|-(?!\d)\s*)+/i;
/** Words that join one field to the next ("X, and Y", "X with Y", "X; set Y"). */
const TRAILING_LINKS = /(?:[\s,;:]+(?:and|with|set|also|plus|then|in|at|to|the|its|for|\.)?)+$/i;

/** A value without the linking words around it. */
export function cleanValue(raw: string): string {
  let v = raw.trim();
  for (;;) {
    const next = v
      .replace(LEADING_LINKS, '')
      .replace(TRAILING_LINKS, '')
      .replace(/^[,;:\s]+|[,;:.\s]+$/g, '')
      .trim();
    if (next === v) return v;
    v = next;
  }
}

/** A record's name without what joins it to the fields after it ("Acme renewal with", "Acme's"). */
export function cleanName(raw: string): string {
  return cleanValue(
    raw
      .trim()
      .replace(/(?:\s+|^)(?:with|and|set|to|having|where|whose|by|in|at|:|-|–)$/i, '')
      .replace(/'s$/i, ''),
  ).replace(/^(?:(?:with\s+)?(?:called|named)|the|with)\s+/i, '');
}

const LINK_WORDS = new Set([
  'and',
  'with',
  'set',
  'also',
  'plus',
  'then',
  'in',
  'at',
  'to',
  'the',
  'for',
  'on',
  'by',
  'is',
  'of',
  'its',
  'as',
]);

/** Whether a text holds only linking words and punctuation. */
export const isOnlyLinks = (text: string) =>
  text
    .split(/[\s,;:=.\-–]+/)
    .filter(Boolean)
    .every((w) => LINK_WORDS.has(w.toLowerCase()));

/** "from 2 lakh to 5 lakh": the new value is the one after "to". */
export const FROM_TO = /^from\s+\S.*?\s+to\s+(.+)$/i;

export const escapeRegExp = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
