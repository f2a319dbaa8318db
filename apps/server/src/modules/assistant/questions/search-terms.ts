/** Turns a free-text question into search words: the question's own wording is dropped. */

const META = new Set(
  (
    'find search show list tell give get me us my our any anything something everything all ' +
    'where which what who when how did do does was were is are ' +
    'has have had the a an in on of for to about regarding mention mentions mentioned mentioning ' +
    'talk talked talking discuss discussed discussing ' +
    'say said saying come came up bring brought raise raised look looking please can could would ' +
    'you i we they there that this those these ' +
    'meeting meetings call calls recording recordings transcript transcripts video videos deal deals note notes conversation conversations'
  ).split(' '),
);

/** Which records a question asks about: meetings, deals, or both. */
export function searchKinds(question: string): { meetings: boolean; deals: boolean } {
  const meetings = /\b(meetings?|calls?|recordings?|transcripts?|videos?|conversations?)\b/i.test(question);
  const deals = /\b(deals?|opportunit(?:y|ies))\b/i.test(question);
  return meetings === deals ? { meetings: true, deals: true } : { meetings, deals };
}

/** The words worth searching for, in web-search syntax (quoted phrases kept). */
export function searchText(question: string): string {
  const quoted = [...question.matchAll(/["“]([^"”]{2,80})["”]/g)].map((m) => `"${m[1]}"`);
  if (quoted.length) return quoted.join(' ');
  const words = question
    .replace(/[^\p{L}\p{N}\s'-]/gu, ' ')
    .split(/\s+/)
    .map((w) => w.replace(/^'+|'+$/g, ''))
    .filter((w) => w && !META.has(w.toLowerCase()));
  return words.join(' ').slice(0, 200);
}
