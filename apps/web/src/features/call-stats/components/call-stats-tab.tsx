import type { ReactNode } from 'react';
import { NO_SPEAKERS_TEXT, type TCallStatsBody } from '@pipewise/contract/coaching';
import type { TVideo } from '@pipewise/contract/videos';
import { Button } from '../../../components/ui/button';
import { Spinner } from '../../../components/ui/spinner';
import { usePlayFrom } from '../../../lib/play-from';
import { useCallStats } from '../api/get-call-stats';
import { CallBands } from './call-bands';
import { SpeakerFigures, WordFigures } from './call-figures';
import { CallMentions } from './call-mentions';
import { ChannelSides } from './channel-sides';
import { PeopleTable } from './people-table';
import { SpeakerTimeline } from './speaker-timeline';
import { TalkRatio } from './talk-ratio';
import '../call-stats.css';

const NO_TIMES_TEXT =
  'This transcript has no times, so talk time, monologues, interactivity and patience cannot be measured. Questions and words are counted.';

function Section({ id, title, children }: { id: string; title: string; children: ReactNode }) {
  return (
    <section className="call-stats-section" aria-labelledby={id}>
      <h3 id={id} className="call-stats-title">
        {title}
      </h3>
      {children}
    </section>
  );
}

type ReadyProps = {
  video: TVideo;
  teamChannel: 'left' | 'right' | null;
  stats: TCallStatsBody;
  onPlay: ((seconds: number) => void) | null;
};

function ReadyStats({ video, teamChannel, stats, onPlay }: ReadyProps) {
  const speakers = stats.speaker_source !== 'none';
  // A transcript with speakers but no times: who said what counts, how long they spoke cannot be measured.
  const timed = stats.turns.length > 0;
  return (
    <div className="call-stats">
      {stats.speaker_source === 'channels' ? <ChannelSides recordingId={video.id} teamChannel={teamChannel ?? 'left'} /> : null}
      {speakers ? null : (
        <p className="alert call-stats-no-speakers" role="note">
          {NO_SPEAKERS_TEXT}
        </p>
      )}
      {speakers && timed ? (
        <Section id="call-stats-timeline" title="Who spoke when">
          <SpeakerTimeline
            turns={stats.turns}
            onPlay={onPlay}
            channels={stats.speaker_source === 'channels'}
            mediaSeconds={video.duration_seconds}
          />
        </Section>
      ) : null}
      {speakers ? (
        <Section id="call-stats-talk" title="Talk ratio">
          {timed ? <TalkRatio stats={stats} /> : <p className="muted">{NO_TIMES_TEXT}</p>}
        </Section>
      ) : null}
      <Section id="call-stats-figures" title="Figures">
        <dl className="call-figures">
          {speakers ? <SpeakerFigures stats={stats} onPlay={onPlay} /> : null}
          <WordFigures stats={stats} />
        </dl>
      </Section>
      {speakers && stats.people.length > 0 ? (
        <Section id="call-stats-people" title="Per person">
          <PeopleTable people={stats.people} />
        </Section>
      ) : null}
      <Section id="call-stats-mentions" title="Mentions">
        <CallMentions mentions={stats.mentions} onPlay={onPlay} />
      </Section>
      {speakers ? <CallBands /> : null}
    </div>
  );
}

/**
 * The meeting page's "Call stats" tab: who spoke when, talk ratio, monologues, interactivity, patience,
 * questions, pace, filler words and mentions of the call (docs/coaching-statistics.md has the definitions).
 * Every moment it shows plays the recording from there (?t=) when the recording has media.
 */
export function CallStatsTab({ video }: { video: TVideo }) {
  const query = useCallStats(video.id, video.status);
  const playFrom = usePlayFrom();
  if (query.isPending) return <Spinner label="Loading call stats" />;
  if (query.isError) {
    return (
      <div className="empty-state" role="alert">
        <p>Failed to load the call stats</p>
        <Button variant="secondary" onClick={() => void query.refetch()}>
          Retry
        </Button>
      </div>
    );
  }
  const { state, stats, team_channel: teamChannel } = query.data;
  if (state === 'no_transcript') {
    return <p className="empty-state">This meeting has no transcript, so there are no call stats. Upload a transcript to get them.</p>;
  }
  if (state === 'processing' || !stats) {
    return (
      <div className="empty-state call-stats-waiting">
        <Spinner label="Computing call stats" />
        <p>Call stats appear when the recording is processed</p>
      </div>
    );
  }
  return <ReadyStats video={video} teamChannel={teamChannel} stats={stats} onPlay={video.s3_url ? playFrom : null} />;
}
