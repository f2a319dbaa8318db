import type { Caller } from '../../access/access-rules';
import type { DealMatch, DealReads } from '../../deals/deal-reads';
import type { RecordingMatch, RecordingReads } from '../../recordings/recording-reads';

/** The deals and recordings modules' reads the model's search tool uses. */
export type RecordSearchReads = {
  deals: Pick<DealReads, 'matchingWords'>;
  recordings: Pick<RecordingReads, 'matchingWords'>;
};

export type { DealMatch, RecordingMatch };

/** Words a model puts in a query that say what to look in, not what to look for. */
const NOISE = new Set([
  'a',
  'an',
  'the',
  'and',
  'or',
  'of',
  'for',
  'with',
  'about',
  'in',
  'on',
  'to',
  'my',
  'our',
  'deal',
  'deals',
  'meeting',
  'meetings',
  'call',
  'calls',
  'recording',
  'recordings',
]);

/** The words of a search, each matched as a substring ('%' and '_' taken literally). */
function patternsOf(text: string): string[] {
  const words = text
    .toLowerCase()
    .split(/[\s,;:!?()"]+/)
    .filter((w) => w.length > 1 && !NOISE.has(w))
    .slice(0, 8);
  return words.map((w) => `%${w.replace(/[\\%_]/g, (c) => `\\${c}`)}%`);
}

/**
 * Substring search over the deals (name, next steps, KDM, pain points) and recordings (title,
 * summary, transcript) the caller may see, for the model's search tool, through the deals and
 * recordings modules' reads. Deals: their owner is the caller or below (admins: the workspace);
 * recordings: the uploader is (the same rule as the Meetings screen).
 */
export function createRecordSearchRepo(reads: RecordSearchReads) {
  return {
    async deals(caller: Caller, text: string, limit: number): Promise<DealMatch[]> {
      const patterns = patternsOf(text);
      if (!patterns.length) return [];
      return reads.deals.matchingWords(caller, patterns, limit);
    },

    async recordings(caller: Caller, text: string, limit: number): Promise<RecordingMatch[]> {
      const patterns = patternsOf(text);
      if (!patterns.length) return [];
      // The transcript part shown is around the first word's first match, not the whole transcript.
      const first = patterns[0]!.slice(1, -1).replace(/\\(.)/g, '$1');
      return reads.recordings.matchingWords(caller, patterns, first, limit);
    },
  };
}

export type RecordSearchRepo = ReturnType<typeof createRecordSearchRepo>;
