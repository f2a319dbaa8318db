import { Pause, Play } from 'lucide-react';
import { useEffect, useRef, useState } from 'react';
import { Button } from '../../../components/ui/button';
import { useRequestedPlayTime } from '../../../lib/play-from';

/** Seeks the video to `seconds` (once it knows its length, if it does not yet) and plays it. */
function playFrom(video: HTMLVideoElement, seconds: number): void {
  const start = () => {
    video.currentTime = seconds;
    void video.play().catch(() => undefined);
  };
  // HAVE_METADATA: before it, a seek is lost when the metadata arrives.
  if (video.readyState >= 1) start();
  else video.addEventListener('loadedmetadata', start, { once: true });
  video.scrollIntoView?.({ block: 'nearest', behavior: 'smooth' });
}

/**
 * The recording with its own play/pause button beside the native controls. A `t` in the page's
 * URL (/dashboard/meeting/{id}?t=SECONDS) seeks there and plays, and so does every change of it.
 */
export function MeetingPlayer({ src, title }: { src: string | null; title: string }) {
  const ref = useRef<HTMLVideoElement>(null);
  const [playing, setPlaying] = useState(false);
  const requested = useRequestedPlayTime();
  const seconds = requested?.seconds;
  const key = requested?.key;
  useEffect(() => {
    if (seconds !== undefined && ref.current) playFrom(ref.current, seconds);
  }, [seconds, key, src]);
  if (!src) return <div className="meeting-player meeting-player-empty">No recording to play</div>;
  const toggle = () => {
    const video = ref.current;
    if (!video) return;
    if (video.paused) void video.play().catch(() => setPlaying(false));
    else video.pause();
  };
  return (
    <div className="meeting-player">
      <video
        ref={ref}
        className="video-player"
        controls
        preload="metadata"
        src={src}
        aria-label={`Recording: ${title}`}
        onPlay={() => setPlaying(true)}
        onPause={() => setPlaying(false)}
        onEnded={() => setPlaying(false)}
      />
      <Button variant="secondary" className="meeting-play" onClick={toggle}>
        {playing ? <Pause size={16} aria-hidden="true" /> : <Play size={16} aria-hidden="true" />}
        {playing ? 'Pause' : 'Play'}
      </Button>
    </div>
  );
}
