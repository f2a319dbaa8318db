import type { TCallStats, TCoachingFigure, TCoachingPerson, TCoachingRow, TCoachingTeam } from '@pipewise/contract/coaching';
import { COACHING_BANDS } from '@pipewise/contract/coaching';
import type { Caller } from '../../access/access-rules';
import type { Viewer } from '../../access/scopes';
import type { CompanyReads } from '../../companies/company-reads';
import type { RecordingReads } from '../../recordings/recording-reads';
import { count, day } from './answer-format';
import { meetingSource, type Answer, type AskContext } from './answer-kit';
import { playUrl } from './answer-said';
import type { CoachingQuestion } from './coaching-question';
import type { Vocabulary } from './intents';
import type { NamedRecords } from './named-records';
import type { DateRange } from './periods';
import { localDate } from './time-zone';

/**
 * The answers to coaching questions (coaching-question.ts) from the coaching module's figures, within what the caller
 * sees: their own talk ratio, their team's ranking, the questions asked on a call. Only calls with separated speakers
 * count (docs/coaching-statistics.md); every answer says how many calls a figure rests on.
 */

/** The coaching module's reads the assistant uses (built in services.ts). */
export type CoachingReads = {
  /** Every person the viewer sees, with their figures over [from,to] (YYYY-MM-DD, inclusive). */
  team(viewer: Viewer, range: { from: string; to: string }): Promise<TCoachingTeam>;
  /** One person's figures; null when the viewer may not see them. */
  person(viewer: Viewer, userId: string, range: { from: string; to: string }): Promise<TCoachingPerson | null>;
  /** One recording's call stats; null when the viewer may not see it. */
  callStats(caller: Caller, recordingId: string): Promise<TCallStats | null>;
};

export type CoachingDeps = {
  coaching: CoachingReads;
  recordings: Pick<RecordingReads, 'callsWithPerson' | 'latestForCompanies'>;
  companies: Pick<CompanyReads, 'named'>;
  named: Pick<NamedRecords, 'find'>;
};

export const answer = (text: string, sources: Answer['sources'] = []): Answer => ({ text, sources, results: [] });
export const percent = (ratio: number) => `${Math.round(ratio * 100)}%`;
const span = (p: DateRange) => (p.from === p.to ? day(p.from) : `${day(p.from)} to ${day(p.to)}`);
const when = (p: DateRange) => `${p.label} (${span(p)})`;
export const title = (s: string) => s.replace(/(^|\s)\p{L}/gu, (c) => c.toUpperCase());
const callsWithSpeakers = (n: number) => `${count(n, 'call')} with separated speakers`;

const TALK_BAND = COACHING_BANDS.talk_ratio!;
/** What research ties to won deals, and where it comes from. */
export const TALK_BAND_TEXT =
  `Won calls have the rep talking about ${percent(TALK_BAND.target!)} of the time; ` +
  `above ${percent(TALK_BAND.high!)} converts worse (Gong Labs, 25,537 sales calls).`;
const NOT_MEASURED =
  'Only calls whose speakers are separated count: a transcript that names its speakers, or a stereo recording with one voice per channel.';

/** A workspace user by full name, first name or email, as the question typed them. */
export function userNamed(vocab: Vocabulary, typed: string) {
  const t = typed.toLowerCase();
  return vocab.owners.find(
    (o) => `${o.firstName} ${o.lastName}`.trim().toLowerCase() === t || o.firstName.toLowerCase() === t || o.email === t,
  );
}
export const fullName = (o: { firstName: string; lastName: string }) => `${o.firstName} ${o.lastName}`.trim();

/** The calls behind a person's figure: the best and worst by it, each opening at its moment. */
function figureCalls(person: TCoachingPerson, figure: TCoachingFigure, zone: string) {
  const calls = [...person.best, ...person.worst].filter((c) => c.figure === figure);
  const unique = calls.filter((c, i) => calls.findIndex((x) => x.recording_id === c.recording_id) === i);
  return unique.map((c) => ({
    line: `- ${c.title}, ${day(localDate(new Date(c.recorded_at), zone))}: ${percent(c.value)}`,
    source: { ...meetingSource({ id: c.recording_id, title: c.title }), url: playUrl(c.recording_id, c.at) },
  }));
}

/** "What was my talk ratio last week", "what was Rahul's talk ratio this month". */
export async function answerTalkRatio(
  ctx: AskContext,
  deps: CoachingDeps,
  vocab: Vocabulary,
  q: Extract<CoachingQuestion, { kind: 'talk_ratio' }>,
): Promise<Answer> {
  const user = q.who ? userNamed(vocab, q.who) : null;
  const nobody = answer(`I could not find anyone named "${title(q.who ?? '')}" among the people whose calls you can see.`);
  if (q.who && !user) return nobody;
  const mine = !user || user.id === ctx.caller.id;
  const person = await deps.coaching.person(ctx.caller, user?.id ?? ctx.caller.id, q.period);
  if (!person) return mine ? answer(`I could not read your talk figures ${when(q.period)}.`) : nobody;
  return ownTalk(ctx, person, q.period, mine ? 'Your' : `${person.user.name}'s`, mine ? 'You' : person.user.name);
}

function ownTalk(ctx: AskContext, person: TCoachingPerson, period: DateRange, whose: string, who: string): Answer {
  const f = person.figures.talk_ratio;
  if (f.value === null || f.calls === 0)
    return answer(`${who} had no calls with separated speakers ${when(period)}, so there is no talk ratio to give. ${NOT_MEASURED}`);
  const median = person.team_median.talk_ratio.value;
  const calls = figureCalls(person, 'talk_ratio', ctx.zone);
  const text = [
    `${whose} talk ratio ${when(period)} was ${percent(f.value)}, over ${callsWithSpeakers(f.calls)}.` +
      (f.out_of_band ? ` That is outside the band: above ${percent(TALK_BAND.high!)}.` : '') +
      (median !== null ? ` The team's median was ${percent(median)}.` : ''),
    TALK_BAND_TEXT,
    ...(calls.length ? ['Calls to listen to:', ...calls.map((c) => c.line)] : []),
  ];
  return answer(
    text.join('\n'),
    calls.map((c) => c.source),
  );
}

/** How many people an answer lists by name. */
const LISTED = 10;

const row = (r: TCoachingRow) =>
  `- ${r.name}: ${percent(r.figures.talk_ratio.value!)} over ${count(r.figures.talk_ratio.calls, 'call')}` +
  (r.figures.talk_ratio.out_of_band ? ` (above ${percent(TALK_BAND.high!)})` : '');

/** "Who on my team talks the most" (or the least): the people below the caller, ranked by talk ratio. */
export async function answerTeamTalk(
  ctx: AskContext,
  deps: CoachingDeps,
  q: Extract<CoachingQuestion, { kind: 'team_talk' }>,
): Promise<Answer> {
  const team = await deps.coaching.team(ctx.caller, q.period);
  const others = team.rows.filter((r) => r.user_id !== ctx.caller.id);
  if (others.length === 0) {
    const self = await deps.coaching.person(ctx.caller, ctx.caller.id, q.period);
    const own = self ? ownTalk(ctx, self, q.period, 'Your', 'You') : answer(`I could not read your talk figures ${when(q.period)}.`);
    return { ...own, text: `You have no team below you, so here is your own figure.\n${own.text}` };
  }
  const measured = others
    .filter((r) => r.figures.talk_ratio.value !== null && r.figures.talk_ratio.calls > 0)
    .sort((a, b) => (q.order === 'most' ? -1 : 1) * (a.figures.talk_ratio.value! - b.figures.talk_ratio.value!));
  if (measured.length === 0)
    return answer(
      `None of your team's calls ${when(q.period)} had separated speakers, so I cannot say who talks the ${q.order}. ${NOT_MEASURED}`,
    );
  const top = measured[0]!;
  const unmeasured = others.filter((r) => !measured.includes(r)).map((r) => r.name);
  const median = team.team_median.talk_ratio;
  const text = [
    `${top.name} talks the ${q.order} on your team's calls ${when(q.period)}: ${percent(top.figures.talk_ratio.value!)} talk ratio ` +
      `over ${callsWithSpeakers(top.figures.talk_ratio.calls)}.`,
    `Everyone, ${q.order === 'most' ? 'most' : 'least'} talk first:`,
    ...measured.slice(0, LISTED).map(row),
    ...(measured.length > LISTED ? [`…and ${count(measured.length - LISTED, 'more person', 'more people')}.`] : []),
    ...(unmeasured.length ? [`No calls with separated speakers: ${unmeasured.join(', ')}.`] : []),
    ...(median.value !== null ? [`The team's median is ${percent(median.value)}.`] : []),
    TALK_BAND_TEXT,
  ];
  return answer(text.join('\n'));
}
