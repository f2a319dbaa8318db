import { Pause, Play } from 'lucide-react';
import { useRef, useState } from 'react';
import { Button } from '../../../components/ui/button';

/** The recording with its own play/pause button beside the native controls. */
export function MeetingPlayer({ src, title }: { src: string | null; title: string }) {
  const ref = useRef<HTMLVideoElement>(null);
  const [playing, setPlaying] = useState(false);
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
