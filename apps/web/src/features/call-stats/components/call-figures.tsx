import type { ReactNode } from 'react';
import type { TCallStatsBody, TCallStretch } from '@pipewise/contract/coaching';
import { lengthText, rateText, wholeText } from '../utils/call-stats-format';
import { BandsLink, PlayTime } from './play-time';

type Play = ((seconds: number) => void) | null;

/** One figure: its name, its value, and a line saying what it measures. */
function Figure({ label, value, help, children }: { label: string; value: string; help: string; children?: ReactNode }) {
  return (
    <div className="call-figure">
      <dt>{label}</dt>
      <dd>
        <span className="call-figure-value">{value}</span>
        {children}
        <span className="call-figure-help muted">{help}</span>
      </dd>
    </div>
  );
}

function Stretch({ label, stretch, help, onPlay }: { label: string; stretch: TCallStretch | null; help: string; onPlay: Play }) {
  return (
    <Figure label={label} value={stretch ? lengthText(stretch.seconds) : '—'} help={help}>
      {stretch ? (
        <span className="call-figure-detail">
          {stretch.name}, from <PlayTime seconds={stretch.start} onPlay={onPlay} label={`${label.toLowerCase()}, ${stretch.name}`} />
        </span>
      ) : null}
    </Figure>
  );
}

const questionSourceText = (source: TCallStatsBody['question_source']) =>
  source === 'forms'
    ? 'From question forms (what, how, can, do…): the transcript has no punctuation.'
    : 'From question marks in the transcript.';

/** The figures that need separated speakers: monologue, customer story, interactivity, patience and questions. */
export function SpeakerFigures({ stats, onPlay }: { stats: TCallStatsBody; onPlay: Play }) {
  return (
    <>
      <Stretch
        label="Longest monologue"
        stretch={stats.longest_monologue}
        onPlay={onPlay}
        help="The longest stretch your team's side spoke without the customer taking over (a short “yes” or “right” does not interrupt)."
      />
      <Stretch
        label="Longest customer story"
        stretch={stats.longest_story}
        onPlay={onPlay}
        help="The longest stretch a customer spoke without your team taking over."
      />
      <Figure
        label="Interactivity"
        value={stats.interactivity === null ? '—' : `${rateText(stats.interactivity)} switches per minute`}
        help="How often the speaker changes, per minute of the call. No published band: compare with your team on the Coaching page."
      />
      <Figure
        label="Patience"
        value={stats.patience_seconds === null ? '—' : `${rateText(stats.patience_seconds)} s`}
        help="The mean pause before your team's side speaks after the customer stops."
      />
      <Figure
        label="Questions"
        value={stats.questions === null ? '—' : `${stats.questions} ${stats.questions === 1 ? 'question' : 'questions'}`}
        help={`Questions your team's side asked. ${questionSourceText(stats.question_source)}`}
      >
        <span className="call-figure-detail">
          {stats.questions_per_hour === null ? 'No rate without times' : `${rateText(stats.questions_per_hour)} per hour`}
        </span>
        <span className="call-figure-detail">
          Band: 11–14 questions on a discovery call. <BandsLink />
        </span>
      </Figure>
    </>
  );
}

/** The figures that need no speakers: words and filler words per minute (the team's side, or everyone without speakers). */
export function WordFigures({ stats }: { stats: TCallStatsBody }) {
  const who = stats.speaker_source === 'none' ? 'Everyone on the call' : "Your team's side";
  return (
    <>
      <Figure
        label="Words per minute"
        value={stats.words_per_minute === null ? '—' : `${wholeText(stats.words_per_minute)} words per minute`}
        help={`${who}: words per minute of talk. No published band.`}
      />
      <Figure
        label="Filler words"
        value={stats.fillers_per_minute === null ? '—' : `${rateText(stats.fillers_per_minute)} per minute`}
        help={`${who}: um, uh, erm, hmm, “you know”, “I mean”, basically, literally, per minute of talk. No published band.`}
      >
        <span className="call-figure-detail">
          {stats.fillers} {stats.fillers === 1 ? 'filler word' : 'filler words'} in all
        </span>
      </Figure>
    </>
  );
}
