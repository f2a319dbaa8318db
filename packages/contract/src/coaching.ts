import { z } from 'zod';
import { dateProblem } from './bounds';

/**
 * Coaching (issue 31): who spoke when on a call, the call's conversation statistics (the meeting page's
 * "Call stats" tab), and each person's figures over a period (the Coaching page). Definitions and the
 * published benchmarks' sources: docs/coaching-statistics.md.
 */

/** Where a call's speakers came from: a speaker-attributed transcript, a stereo recording's two channels, or nowhere. */
export const SPEAKER_SOURCES = ['transcript', 'channels', 'none'] as const;
export type TSpeakerSource = (typeof SPEAKER_SOURCES)[number];
export const SIDES = ['team', 'customer', 'unknown'] as const;
export type TSide = (typeof SIDES)[number];
export const TEAM_CHANNELS = ['left', 'right'] as const;
export const MENTION_KINDS = ['competitor', 'pricing', 'next_steps'] as const;

/** What the Call stats tab says when a call has no separated speakers (a mono recording transcribed offline, a plain transcript). */
export const NO_SPEAKERS_TEXT =
  'This call has no separated speakers, so talk ratio, monologues, patience and questions cannot be measured. ' +
  'Upload a transcript that names its speakers, or a stereo recording with one voice per channel.';

/** One stretch of speech: seconds from the recording's start, the label, the person it maps to and their side. */
export const ZCallTurn = z.object({
  start: z.number(),
  end: z.number(),
  /** The transcript's label ("Kaveri Rao", "Speaker 2") or the channel ("Left channel"). */
  speaker: z.string(),
  /** The mapped participant's name, else the label. */
  name: z.string(),
  side: z.enum(SIDES),
});
export type TCallTurn = z.infer<typeof ZCallTurn>;

export const ZCallPerson = z.object({
  speaker: z.string(),
  name: z.string(),
  /** The workspace user this speaker is (team side), else null. */
  user_id: z.string().nullable(),
  side: z.enum(SIDES),
  talk_seconds: z.number(),
  /** Share of all talk time on the call, 0..1. */
  talk_ratio: z.number(),
  words: z.number().int(),
  /** Words per minute of this person's talk time; null without times. */
  words_per_minute: z.number().nullable(),
  questions: z.number().int(),
  fillers: z.number().int(),
  /** Filler words per minute of this person's talk time; null without times. */
  fillers_per_minute: z.number().nullable(),
  /** This person's longest monologue and where it starts (null: none with times). */
  longest_monologue_seconds: z.number(),
  longest_monologue_start: z.number().nullable(),
  /** Mean pause before this person speaks after someone of the customer's side stops (team side only); null: never happened. */
  patience_seconds: z.number().nullable(),
});
export type TCallPerson = z.infer<typeof ZCallPerson>;

/** A stretch of one speaker (the longest monologue of the team's side, the longest customer story). */
export const ZCallStretch = z.object({ seconds: z.number(), start: z.number(), name: z.string() });
export type TCallStretch = z.infer<typeof ZCallStretch>;

export const ZCallMention = z.object({
  kind: z.enum(MENTION_KINDS),
  /** The word or competitor named ("pricing", "Salesforce"). */
  term: z.string(),
  /** Seconds from the start; null when the transcript has no times. */
  at: z.number().nullable(),
  speaker: z.string().nullable(),
  /** The sentence it was said in. */
  text: z.string(),
});
export type TCallMention = z.infer<typeof ZCallMention>;

export const ZSideTalk = z.object({ talk_seconds: z.number(), talk_ratio: z.number() });

/**
 * The statistics of one call. Figures that need separated speakers are null when `speaker_source` is 'none';
 * figures that need times are null when the transcript has none.
 */
export const ZCallStatsBody = z.object({
  speaker_source: z.enum(SPEAKER_SOURCES),
  /** Seconds from the first word to the last (or the media's duration); null without times. */
  duration_seconds: z.number().nullable(),
  turns: z.array(ZCallTurn),
  people: z.array(ZCallPerson),
  /** Talk per side; null without speakers. */
  sides: z.object({ team: ZSideTalk, customer: ZSideTalk, unknown: ZSideTalk }).nullable(),
  longest_monologue: ZCallStretch.nullable(),
  longest_story: ZCallStretch.nullable(),
  /** Speaker switches per minute. */
  interactivity: z.number().nullable(),
  /** Mean pause, in seconds, before the team's side speaks after the customer stops. */
  patience_seconds: z.number().nullable(),
  /** Questions the team's side asked. */
  questions: z.number().int().nullable(),
  questions_per_hour: z.number().nullable(),
  /** How questions were recognised: question marks, or question forms in a transcript without punctuation. */
  question_source: z.enum(['punctuation', 'forms']).nullable(),
  /** The team's side's words per minute of its talk time; everyone's when there are no speakers. */
  words_per_minute: z.number().nullable(),
  fillers: z.number().int(),
  /** Filler words per minute of talk (the team's side; everyone's without speakers). */
  fillers_per_minute: z.number().nullable(),
  mentions: z.array(ZCallMention),
});
export type TCallStatsBody = z.infer<typeof ZCallStatsBody>;

/** GET /api/videos/{id}/call-stats. `state`: 'ready', or 'processing' (not computed yet), or 'no_transcript'. */
export const ZCallStats = z.object({
  recording_id: z.string(),
  state: z.enum(['ready', 'processing', 'no_transcript']),
  /** Which stereo channel is the team's side (left by default); null unless the speakers come from channels. */
  team_channel: z.enum(TEAM_CHANNELS).nullable(),
  stats: ZCallStatsBody.nullable(),
  computed_at: z.string().nullable(),
});
export type TCallStats = z.infer<typeof ZCallStats>;

/** PUT /api/videos/{id}/call-stats/team-channel: swap the sides of a stereo recording. */
export const ZTeamChannelInput = z.object({ team_channel: z.enum(TEAM_CHANNELS) });

/** The figures the Coaching page shows per person, each averaged (mean) over the calls of the period. */
export const COACHING_FIGURES = [
  'talk_ratio',
  'longest_monologue',
  'interactivity',
  'patience',
  'questions',
  'questions_per_hour',
  'words_per_minute',
  'fillers_per_minute',
] as const;
export type TCoachingFigure = (typeof COACHING_FIGURES)[number];

export const COACHING_FIGURE_LABELS: Record<TCoachingFigure, string> = {
  talk_ratio: 'Talk ratio',
  longest_monologue: 'Longest monologue',
  interactivity: 'Interactivity',
  patience: 'Patience',
  questions: 'Questions per call',
  questions_per_hour: 'Question rate',
  words_per_minute: 'Words per minute',
  fillers_per_minute: 'Filler words per minute',
};

/**
 * The bands published research ties to won deals (sources in docs/coaching-statistics.md). `low`/`high` bound
 * the band (null: open); `target` is the value the research reports for won calls.
 */
export const COACHING_BANDS: Partial<
  Record<TCoachingFigure, { low: number | null; high: number | null; target: number | null; source: string }>
> = {
  talk_ratio: { low: null, high: 0.65, target: 0.43, source: 'Gong Labs, 25,537 sales calls: 43% on won calls; above 65% converts worse' },
  questions: { low: 11, high: 14, target: null, source: 'Gong Labs: 11 to 14 questions on a discovery call' },
};

/** A figure over a period: its value (null: no calls) and how many calls it rests on. */
export const ZFigure = z.object({ value: z.number().nullable(), calls: z.number().int() });
export type TFigure = z.infer<typeof ZFigure>;
const figures = <T extends z.ZodType>(item: T) =>
  z.object(Object.fromEntries(COACHING_FIGURES.map((f) => [f, item])) as Record<TCoachingFigure, T>);

export const ZCoachingRange = z.object({
  /** YYYY-MM-DD, inclusive, in the viewer's time zone. */
  from: z.string(),
  to: z.string(),
});

/** The longest period the Coaching page reads at once, in days (both ends included). */
export const COACHING_MAX_DAYS = 366;
/** The period when none is asked for: the last 30 days, today included. */
export const COACHING_DEFAULT_DAYS = 30;

/** Why a Coaching period or person is refused, in the words the page shows. */
export const COACHING_MESSAGES = {
  reversed: 'The period ends before it starts: "to" must be the same day as "from" or later.',
  tooLong: `A period is at most ${COACHING_MAX_DAYS} days long: choose a shorter range.`,
  personNotFound: 'Person not found',
} as const;

const ZCoachingDay = (label: 'from' | 'to') =>
  z.string(`${label} must be a date as yyyy-mm-dd`).superRefine((v, ctx) => {
    const problem = dateProblem(v, label);
    if (problem) ctx.addIssue({ code: 'custom', message: problem });
  });

/**
 * GET /api/coaching and /api/coaching/users/{id}: the period, days in the viewer's time zone, both
 * included. Without `to`: today; without `from`: the 30 days ending on `to`. At most 366 days.
 */
export const ZCoachingQuery = z.object({ from: ZCoachingDay('from').optional(), to: ZCoachingDay('to').optional() });
export type TCoachingQuery = z.infer<typeof ZCoachingQuery>;

export const ZCoachingUserParams = z.object({ id: z.string().max(64, COACHING_MESSAGES.personNotFound) });

export const ZCoachingRow = z.object({
  user_id: z.string(),
  name: z.string(),
  email: z.string(),
  role: z.string(),
  /** Calls with separated speakers this person spoke on in the period. */
  calls: z.number().int(),
  figures: figures(ZFigure.extend({ out_of_band: z.boolean() })),
});
export type TCoachingRow = z.infer<typeof ZCoachingRow>;

/** GET /api/coaching?from&to: every person the viewer sees (a rep: themselves; a manager: their subtree; an admin: everyone). */
export const ZCoachingTeam = ZCoachingRange.extend({
  rows: z.array(ZCoachingRow),
  /** The median of the rows' values per figure (rows with calls only). */
  team_median: figures(ZFigure),
});
export type TCoachingTeam = z.infer<typeof ZCoachingTeam>;

/** A call with a figure's best or worst value: opens at `at` seconds (the moment), or the start. */
export const ZCoachingCall = z.object({
  figure: z.enum(COACHING_FIGURES),
  recording_id: z.string(),
  title: z.string(),
  recorded_at: z.string(),
  value: z.number(),
  at: z.number().nullable(),
});
export type TCoachingCall = z.infer<typeof ZCoachingCall>;

/** GET /api/coaching/users/{id}?from&to: one person's figures against the team median, weekly trend, best and worst calls. */
export const ZCoachingPerson = ZCoachingRange.extend({
  user: z.object({ id: z.string(), name: z.string(), email: z.string(), role: z.string() }),
  calls: z.number().int(),
  figures: figures(ZFigure.extend({ out_of_band: z.boolean() })),
  /** The median over the people of the person's team (their manager's subtree; the workspace for the top). */
  team_median: figures(ZFigure),
  weeks: z.array(
    z.object({
      /** Monday of the week, YYYY-MM-DD. */
      week: z.string(),
      calls: z.number().int(),
      figures: figures(z.number().nullable()),
    }),
  ),
  best: z.array(ZCoachingCall),
  worst: z.array(ZCoachingCall),
});
export type TCoachingPerson = z.infer<typeof ZCoachingPerson>;

/** GET/PUT /api/coaching/competitors: the workspace's competitor names (Settings). */
export const ZCompetitorList = z.object({
  names: z
    .array(z.string().trim().min(1, 'A competitor needs a name.').max(80, 'A competitor name is at most 80 characters.'))
    .max(50, 'At most 50 competitors.'),
});
export type TCompetitorList = z.infer<typeof ZCompetitorList>;
