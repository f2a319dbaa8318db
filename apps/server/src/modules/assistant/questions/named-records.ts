import type { NameCandidate } from '../../../db/ranked-match';
import type { Caller } from '../../access/access-rules';
import type { CompanyReads } from '../../companies/company-reads';
import type { ContactReads } from '../../contacts/contact-reads';
import type { DealReads } from '../../deals/deal-reads';
import { contentWords, matchName, nameWords, wordScore, type NameMatch } from './name-match';
import { readDealFields } from './record-fields';

/** A record the question names, among those the caller may see. */
export type Named = { id: string; name: string; companyId: string | null; match: NameMatch };

/**
 * What a question names: the deals (several when several share the best-matching name, or when
 * only their account is named), the accounts and the contacts, best first. `words` are the
 * question's words that went into those names (the rest are the question's own words).
 */
export type Mentions = {
  deals: Named[];
  companies: Named[];
  contacts: Named[];
  words: Set<string>;
  /**
   * An account named with words of a deal's name (words of deals the caller sees) that none of its deals the
   * caller sees has: the deal asked about is not one of theirs ('krishna enterprise licence expansion' when only
   * Krishna's field force app is theirs). The account's words and those, as typed.
   */
  unknownDeal?: string;
};

export const NO_MENTIONS: Mentions = { deals: [], companies: [], contacts: [], words: new Set() };

/** Words that put two names side by side: 'X or Y', 'X vs Y', 'compare X and Y', 'X, Y'. */
const SIDE_BY_SIDE = /\s+(?:vs\.?|v\/s|versus|or|and|&|compared\s+(?:to|with))\s+|\s*,\s*/i;

/** Words of a deal's name looked up at most, and how long such a word is at least. */
const DEAL_WORDS = 4;
const DEAL_WORD_LENGTH = 4;

/** Candidates per kind read from the database; the names decide among them in code. */
const CANDIDATES = 60;
/** Deals of a named account scored by the rest of the question (an account's deals, largest first). */
const ACCOUNT_DEALS = 400;
/** Accounts whose names are all scored in code (a workspace has hundreds or a few thousand). */
const MAX_ACCOUNTS = 5000;

type Row = NameCandidate;

/** The deals', accounts' and contacts' reads the names are looked up through. */
export type NamedReads = {
  deals: Pick<DealReads, 'namingAll' | 'namesOfAccounts' | 'nearNames'>;
  companies: Pick<CompanyReads, 'allNames'>;
  contacts: Pick<ContactReads, 'nameCandidates'>;
};

const named = (r: Row, match: NameMatch): Named => ({ id: String(r.id), name: r.name, companyId: r.company_id, match });

/** Keeps the rows whose score is the best one (within a hair), best first. */
function best(items: Named[], max: number): Named[] {
  if (items.length === 0) return [];
  const top = Math.max(...items.map((i) => i.match.score));
  return items
    .filter((i) => i.match.score >= top - 0.05)
    .sort((a, b) => b.match.score - a.match.score)
    .slice(0, max);
}

/** A company is named by its first strong word, or by two of its words; a one-word name by that word. */
const namesCompany = (m: NameMatch, name: string) =>
  m.score > 0 && (m.used.length >= 2 || (m.first && (m.score >= 0.8 || nameWords(name).length === 1)));
/** A contact by first and last name (or a single, rare-enough word that is their whole name). */
const namesContact = (m: NameMatch) => m.coverage >= 0.99 && m.score >= 1.6;

/**
 * Finds the deals, accounts and contacts a question names among those the caller may see (the
 * access scopes), by their names' words: exact, partial or misspelt (trigram similarity).
 */
export function createNamedRecords(reads: NamedReads) {
  async function candidates(caller: Caller, words: string[]) {
    const [companies, contacts, deals] = await Promise.all([
      // Accounts are few (hundreds, a few thousand): every name is scored, so any typo is forgiven.
      reads.companies.allNames(caller, MAX_ACCOUNTS),
      reads.contacts.nameCandidates(caller, words, CANDIDATES),
      // Deals whose name holds every word (exactly): names that do not start with their account's.
      words.length >= 2 ? reads.deals.namingAll(caller, words, CANDIDATES) : Promise.resolve([] as Row[]),
    ]);
    return { companies, contacts, deals };
  }

  async function accountDeals(caller: Caller, companyIds: string[]): Promise<Row[]> {
    return reads.deals.namesOfAccounts(caller, companyIds, ACCOUNT_DEALS);
  }

  /** Deals whose name holds one of the two longest words, nearly (pg_trgm's word similarity, through deal_search's index). */
  async function nearDeals(caller: Caller, words: string[]): Promise<Row[]> {
    const longest = [...words]
      .filter((w) => w.length >= 6)
      .sort((a, b) => b.length - a.length)
      .slice(0, 2);
    return reads.deals.nearNames(caller, longest, CANDIDATES * 3);
  }

  /** Those of `words` that are a word of the name of some deal the caller sees. */
  async function wordsOfDealNames(caller: Caller, words: string[]): Promise<string[]> {
    const found = await Promise.all(
      words.map(async (w) => (await reads.deals.namingAll(caller, [w], 20)).some((r) => nameWords(r.name).includes(w))),
    );
    return words.filter((_, i) => found[i]);
  }

  return {
    find,
    /**
     * The records a question names; deals named side by side ('which is bigger X or Y', 'X vs Y') are read part
     * by part, so the second is not lost to the first's better match.
     */
    async findSideBySide(caller: Caller, question: string, skip: Set<string> = new Set()): Promise<Mentions> {
      const all = await find(caller, question, skip);
      const parts = question.split(SIDE_BY_SIDE).filter((p) => p.trim());
      if (parts.length < 2 || parts.length > 4) return all;
      const each = (await Promise.all(parts.map((p) => find(caller, p, skip)))).filter((m) => m.deals.length > 0);
      if (each.length < 2) return all;
      const deals = each.flatMap((m) => m.deals).filter((d, i, xs) => xs.findIndex((x) => x.id === d.id) === i);
      return { deals, companies: [], contacts: [], words: new Set(each.flatMap((m) => [...m.words])) };
    },
  };

  /** The records `text` names; `skip` are words already read as something else (people, stages, pipelines). */
  async function find(caller: Caller, text: string, skip: Set<string> = new Set()): Promise<Mentions> {
    const asksField = readDealFields(text).length > 0;
    const words = contentWords(text)
      .filter((w) => !skip.has(w))
      .slice(0, 10);
    if (words.length === 0) return NO_MENTIONS;
    const found = await candidates(caller, words);
    const companies = best(
      found.companies.map((r) => named(r, matchName(words, r.name))).filter((c) => namesCompany(c.match, c.name)),
      10,
    );
    const contacts = best(
      found.contacts.map((r) => named(r, matchName(words, r.name))).filter((c) => namesContact(c.match)),
      5,
    );
    // A deal is named by its name's words beyond its account's: 'Kaveri dealer portal'.
    let deals = found.deals
      .map((r) => named(r, matchName(words, r.name)))
      .filter((d) => d.match.coverage >= 0.99)
      .map((d) => ({ ...d, match: { ...d.match, score: d.match.score + 1 } }));
    if (companies.length) {
      const ofAccounts = await accountDeals(
        caller,
        companies.map((c) => c.id),
      );
      const accountWords = new Set(companies.flatMap((c) => c.match.used));
      const rest = words.filter((w) => !accountWords.has(w));
      for (const r of ofAccounts) {
        const company = companies.find((c) => c.id === r.company_id)!;
        const own = nameWords(r.name).filter((w) => !nameWords(company.name).some((cw) => wordScore(cw, w) === 1));
        const m = matchName(rest, own.join(' '));
        // A word of the deal's own name is enough ('Kaveri analytics'); more words rank it higher.
        if (m.score >= 0.8) {
          deals.push(named(r, { ...m, score: company.match.score + m.score + m.coverage, used: [...company.match.used, ...m.used] }));
        }
      }
    }
    // No account and no exact deal name, in a question asking a deal's field: a misspelt deal name, found by the
    // trigrams of its longest words (6+ letters: shorter ones match too many names to rank).
    if (deals.length === 0 && companies.length === 0 && words.filter((w) => w.length >= 6).length >= 1 && words.length >= 2 && asksField) {
      for (const r of await nearDeals(caller, words)) {
        const m = matchName(words, r.name);
        if (m.coverage >= 0.99 && m.used.length >= 2) deals.push(named(r, { ...m, score: m.score + 1 }));
      }
    }
    deals.sort((a, b) => b.match.score - a.match.score);
    deals = best(
      deals.filter((d, i) => deals.findIndex((x) => x.id === d.id) === i),
      5,
    );
    const used = new Set([...companies, ...contacts, ...deals].flatMap((n) => n.match.used));
    let unknownDeal: string | undefined;
    if (companies.length && deals.length === 0 && contacts.length === 0) {
      const rest = words.filter((w) => !used.has(w) && w.length >= DEAL_WORD_LENGTH && !/\d/.test(w)).slice(0, DEAL_WORDS);
      const dealWords = await wordsOfDealNames(caller, rest);
      if (dealWords.length) unknownDeal = words.filter((w) => used.has(w) || dealWords.includes(w)).join(' ');
    }
    return { deals, companies, contacts, words: used, ...(unknownDeal ? { unknownDeal } : {}) };
  }
}

export type NamedRecords = ReturnType<typeof createNamedRecords>;
