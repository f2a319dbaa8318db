import { escapeLike } from '../../db/ranked-match';

/**
 * How a query matches. From MIN_SUBSTRING characters on, anywhere in the searched text (the
 * trigram indexes serve `like '%term%'`); shorter terms have no trigram to look up, so they match
 * the start of a record's label only (served by the `text_pattern_ops` prefix indexes). Either
 * way, labels that start with the term rank first.
 */
export const MIN_SUBSTRING = 3;

export type SearchTerms = {
  /** The lower-cased term with LIKE's wildcards (`%`, `_`, `\`) escaped. */
  escaped: string;
  /** `%term%` */
  anywhere: string;
  /** `term%` */
  prefix: string;
  /** True when the term is too short for a substring search (prefix match only). */
  prefixOnly: boolean;
};

export function searchTerms(q: string): SearchTerms {
  const term = q.trim().toLowerCase();
  const escaped = escapeLike(term);
  return { escaped, anywhere: `%${escaped}%`, prefix: `${escaped}%`, prefixOnly: term.length < MIN_SUBSTRING };
}
