import { Readable } from 'node:stream';
import { Tokenize } from 'rtf-stream-parser';

type RtfToken = { type: number; word?: string; param?: number; data?: Buffer };
const GROUP_START = 0;
const GROUP_END = 1;
const CONTROL = 2;
const TEXT = 3;

/** Groups whose content is not body text (fonts, colours, styles, metadata, pictures, fields' results are kept). */
const SKIPPED_DESTINATIONS = new Set([
  'fonttbl',
  'colortbl',
  'stylesheet',
  'info',
  'pict',
  'header',
  'footer',
  'headerl',
  'headerr',
  'footerl',
  'footerr',
  'footnote',
  'object',
  'themedata',
  'colorschememapping',
  'latentstyles',
  'datastore',
  'listtable',
  'listoverridetable',
  'rsidtbl',
  'generator',
  'xmlnstbl',
  'fldinst',
]);
const BREAKS: Record<string, string> = {
  par: '\n',
  line: '\n',
  sect: '\n',
  page: '\n',
  row: '\n',
  tab: '\t',
  cell: '\t',
  emdash: '—',
  endash: '–',
  bullet: '•',
  lquote: '‘',
  rquote: '’',
  ldblquote: '“',
  rdblquote: '”',
  '~': ' ',
  _: '-',
};

/** The plain text of an RTF document: a walk over its tokens that keeps body text and skips the tables. */
export async function rtfToText(data: Buffer): Promise<string> {
  const tokens: RtfToken[] = [];
  for await (const token of Readable.from([data]).pipe(new Tokenize())) tokens.push(token as RtfToken);
  if (tokens[0]?.type !== GROUP_START || tokens[1]?.word !== 'rtf') throw new Error('Not an RTF document');
  const cp1252 = new TextDecoder('windows-1252');
  // Per group: skipping?, and how many fallback characters follow a \u (\ucN).
  const stack: { skip: boolean; uc: number }[] = [{ skip: false, uc: 1 }];
  let out = '';
  let pendingSkip = 0;
  let startOfGroup = false;
  for (const token of tokens) {
    const state = stack.at(-1)!;
    if (token.type === GROUP_START) {
      stack.push({ ...state });
      startOfGroup = true;
      continue;
    }
    if (token.type === GROUP_END) {
      if (stack.length > 1) stack.pop();
      startOfGroup = false;
      continue;
    }
    const first = startOfGroup;
    startOfGroup = false;
    if (token.type === CONTROL) {
      const word = token.word ?? '';
      if (first && (word === '*' || SKIPPED_DESTINATIONS.has(word))) state.skip = true;
      if (state.skip) continue;
      if (word === 'uc') state.uc = token.param ?? 1;
      else if (word === 'u' && token.param !== undefined) {
        out += String.fromCharCode(token.param < 0 ? token.param + 65536 : token.param);
        pendingSkip = state.uc;
      } else if (word === "'" && token.data) {
        if (pendingSkip > 0) pendingSkip--;
        else out += cp1252.decode(token.data);
      } else if (BREAKS[word] !== undefined) out += BREAKS[word];
      continue;
    }
    if (token.type === TEXT && !state.skip && token.data) {
      let text = cp1252.decode(token.data).replace(/[\r\n]/g, '');
      if (pendingSkip > 0) {
        const n = Math.min(pendingSkip, text.length);
        text = text.slice(n);
        pendingSkip -= n;
      }
      out += text;
    }
  }
  return out;
}
