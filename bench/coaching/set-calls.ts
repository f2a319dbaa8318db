import fs from 'node:fs';
import path from 'node:path';

/**
 * The hand set's calls as written (set-calls.json): who said what and when. `make-set.ts` writes each one in the
 * file format a customer would upload (bench/coaching/set/) and its true values (set/expected.json, set/README.md).
 * Times are seconds from the start; `null` where the format carries none (Zoom's .txt has starts only, typed
 * "Name: text" lines have no times). `people` lists the team users and named customers; a label not listed
 * (e.g. "Speaker 3") is side unknown.
 */

export type CallFormat = 'zoom-vtt' | 'teams-vtt' | 'srt' | 'zoom-txt' | 'zoom-txt-lines' | 'speaker-lines';
export type Row = [start: number | null, end: number | null, speaker: string | null, text: string];
export type SetCall = {
  name: string;
  format: CallFormat;
  kind: 'discovery' | 'demo' | 'pricing' | 'renewal' | 'check-in' | 'procurement';
  about: string;
  people: { speaker: string; name: string; side: 'team' | 'customer' }[];
  competitors: string[];
  rows: Row[];
};

export const SET_CALLS: SetCall[] = (
  JSON.parse(fs.readFileSync(path.join(import.meta.dirname, 'set-calls.json'), 'utf8')) as { calls: SetCall[] }
).calls;
