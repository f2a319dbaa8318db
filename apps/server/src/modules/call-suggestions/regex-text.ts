/**
 * A regular expression written over several lines (a long list of alternatives): the line breaks
 * and the indentation after them are dropped, every other character is the pattern as written.
 */
export const pattern =
  (flags = '') =>
  (strings: TemplateStringsArray, ...parts: string[]): RegExp =>
    new RegExp(strings.raw.reduce((out, s, i) => out + s + (parts[i] ?? ''), '').replace(/\n\s*/g, ''), flags);
