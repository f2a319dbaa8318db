import { sql, type SQL } from 'drizzle-orm';

/**
 * SQL shapes for matching a typed term against a label, shared by the modules whose tables the
 * header search and the assistant read (each writes its own statement with them).
 */

/** A value as LIKE matches it literally: its wildcards and the escape character escaped. */
export const escapeLike = (value: string) => value.replace(/[\\%_]/g, (c) => `\\${c}`);

/**
 * The part of an email or domain term (already lower case) that a trigram index finds fastest: the
 * text before the `@` of an email, or before the first `.` of a domain, when that is 3 characters or
 * more; null for other terms. `@client.example` or `.example` is in most rows, so its trigrams' long
 * posting lists are most of the scan. Every row matching the whole term contains this part, so
 * `like '%part%'` (read by the index) and the whole term tested as a plain substring (`strpos`,
 * not read by the index) select the same rows as `like '%term%'`.
 */
export function addressCore(term: string): string | null {
  const at = term.indexOf('@');
  const core = at >= 0 ? term.slice(0, at) : term.includes('.') ? term.slice(0, term.indexOf('.')) : null;
  return core !== null && core.length >= 3 ? core : null;
}

/** A term as LIKE patterns (modules/search/search-terms.ts builds them). */
export type MatchTerms = {
  /** `%term%`, LIKE's wildcards escaped. */
  anywhere: string;
  /** `term%` */
  prefix: string;
  /** True when the term is too short for a substring search (prefix match only). */
  prefixOnly: boolean;
};

export type Ranked = {
  /** The select list (without the rank and sort columns). */
  select: SQL;
  from: SQL;
  /** Workspace and visibility. */
  where: SQL;
  /** The lower-cased label: its start ranks first, through a `text_pattern_ops` index on (organization_id, label). */
  label: SQL;
  /** A match anywhere, through a trigram index (defaults to `label like '%term%'`). */
  anywhere?: SQL;
};

/**
 * At most `limit` matches, those whose label starts with the term first (alphabetical), then, for
 * terms of 3+ characters and only while fewer than `limit` were found, others containing it.
 * Neither part sorts every match (a common term can match 10% of 100k deals): the first reads the
 * prefix index in its own order (`using ~<~`, the order of `text_pattern_ops`) and stops at
 * `limit`; the second takes the first `limit` matches the trigram index yields and only those are
 * ordered. A full name usually fills the first part, which spares the trigram scan of a long term.
 * The rows carry `rank` (0 for a prefix match) and `sort_label`.
 */
export function ranked(r: Ranked, t: MatchTerms, limit: number): SQL {
  const prefix = sql`${r.label} like ${t.prefix}`;
  const first = sql`select ${r.select}, 0 as rank, ${r.label} as sort_label from ${r.from}
    where ${r.where} and ${prefix} order by ${r.label} using ~<~ limit ${limit}`;
  if (t.prefixOnly) return sql`select * from (${first}) found`;
  const anywhere = r.anywhere ?? sql`${r.label} like ${t.anywhere}`;
  return sql`with starts as materialized (${first})
    select * from starts
    union all
    (select ${r.select}, 1 as rank, ${r.label} as sort_label from ${r.from}
     where ${r.where} and ${anywhere} and not (${prefix}) and (select count(*) from starts) < ${limit} limit ${limit})`;
}

/** A ranked() statement's rows in their order. */
export const inOrder = (query: SQL, limit: number): SQL =>
  sql`select * from (${query}) found order by rank, sort_label using ~<~ limit ${limit}`;

/** Every pattern somewhere in `haystack` (`like`, each pattern a `%word%`). */
export const allWords = (haystack: SQL, patterns: string[]): SQL =>
  sql.join(
    patterns.map((p) => sql`${haystack} like ${p}`),
    sql` and `,
  );

/**
 * How many full-text matches are ranked: a common word can match a large share of the rows, and
 * ranking reads every match's vector. The first matches the index yields are ranked instead; any
 * of them is a real match, only the order among very many matches is approximate.
 */
export const RANKED_CANDIDATES = 300;

/** ts_headline's options for a snippet of a full-text match. */
export const HEADLINE = 'MaxWords=28, MinWords=10, MaxFragments=2, FragmentDelimiter=" … ", StartSel="", StopSel=""';

/** The tsquery of `text`: all words (web-search syntax: quotes, OR, -word) or, with `anyWord`, any of them. */
export function tsQuery(text: string, anyWord: boolean): SQL {
  return anyWord
    ? sql`(select coalesce(nullif(replace(plainto_tsquery('english', ${text})::text, '&', '|'), ''), '')::tsquery)`
    : sql`websearch_to_tsquery('english', ${text})`;
}

/** `%word%` with LIKE's wildcards in the word taken literally. */
export const containing = (w: string) => `%${w.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

/** `column in (ids)` over uuids; `false` for none (so an empty list matches nothing). */
export const inUuids = (column: SQL, ids: (string | number)[]): SQL =>
  ids.length
    ? sql`${column} in (${sql.join(
        ids.map((id) => sql`${String(id)}::uuid`),
        sql`, `,
      )})`
    : sql`false`;

/** `and column in (companyIds)` when the read is limited to some accounts (none: nothing), else nothing. */
export const companyFilter = (column: SQL, companyIds: string[] | null): SQL =>
  companyIds ? sql`and ${inUuids(column, companyIds)}` : sql``;

/** The parts joined by `or`; `false` when there are none. */
export const anyOf = (parts: SQL[]) => (parts.length ? sql.join(parts, sql` or `) : sql`false`);

/** A record a name may refer to: its id, its name and its account. */
export type NameCandidate = { id: string | number; name: string; company_id: string | null };

/**
 * `text like '%term%'`. For an email or domain term, the trigram index is read for its core only
 * (`addressCore`) and the whole term is tested on those rows: the same rows, a far shorter scan.
 */
export function containsTerm(text: SQL, term: string): SQL {
  const core = addressCore(term);
  if (!core) return sql`${text} like ${`%${escapeLike(term)}%`}`;
  return sql`${text} like ${`%${escapeLike(core)}%`} and strpos(${text}, ${term}) > 0`;
}
