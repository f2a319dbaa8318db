import { memo } from 'react';
import type { TTranscriptSegment } from '@pipewise/contract/transcripts';
import type { TVideo } from '@pipewise/contract/videos';
import { Button } from '../../../components/ui/button';
import { Spinner } from '../../../components/ui/spinner';
import { clockText, usePlayFrom } from '../../../lib/play-from';
import { useTranscript } from '../api/get-transcript';

type SegmentProps = { segment: TTranscriptSegment; onPlay: ((seconds: number) => void) | null };

/** One segment: its time (a button that plays from there when the recording can play), its speaker and words. */
const Segment = memo(function Segment({ segment, onPlay }: SegmentProps) {
  const { start } = segment;
  const time = start === null ? null : clockText(start);
  return (
    <li className="transcript-segment">
      {time !== null && onPlay ? (
        <button type="button" className="transcript-time" aria-label={`Play from ${time}`} onClick={() => onPlay(start!)}>
          {time}
        </button>
      ) : time !== null ? (
        <span className="transcript-time transcript-time-static">{time}</span>
      ) : null}
      <div className="transcript-words">
        {segment.speaker_name ? <span className="transcript-speaker">{segment.speaker_name}</span> : null}
        <p>{segment.text}</p>
      </div>
    </li>
  );
});

/** What a recording without stored segments shows: the whole transcript as it was saved, line by line. */
function TranscriptText({ text }: { text: string }) {
  return (
    <div className="transcript-text">
      {text
        .split(/\n+/)
        .filter((line) => line.trim())
        .map((line, i) => (
          <p key={i}>{line}</p>
        ))}
    </div>
  );
}

/**
 * The Transcript tab: each segment with its speaker (the participant mapped to the label, else the
 * label) and its time; clicking the time plays the recording from there (?t=). A transcript
 * without times shows its words only. Segments are plain list items, laid out only when scrolled
 * near (content-visibility), so a one-hour call's thousand segments stay quick.
 */
export function MeetingTranscript({ video }: { video: TVideo }) {
  const transcript = useTranscript(video.id, video.status);
  const playFrom = usePlayFrom();
  if (transcript.isPending) return <Spinner label="Loading transcript" />;
  if (transcript.isError) {
    return (
      <div className="empty-state" role="alert">
        <p>Failed to load the transcript</p>
        <Button variant="secondary" onClick={() => void transcript.refetch()}>
          Retry
        </Button>
      </div>
    );
  }
  const { segments } = transcript.data;
  if (segments.length === 0) {
    if (video.transcription?.trim()) return <TranscriptText text={video.transcription} />;
    const waiting = video.status === 'uploaded' || video.status === 'processing';
    return <p className="empty-state">{waiting ? 'The transcript is being prepared.' : 'No transcript available for this meeting.'}</p>;
  }
  const onPlay = video.s3_url ? playFrom : null;
  return (
    <ol className="transcript" aria-label="Transcript">
      {segments.map((segment) => (
        <Segment key={segment.seq} segment={segment} onPlay={onPlay} />
      ))}
    </ol>
  );
}
