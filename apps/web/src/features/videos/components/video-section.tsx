import { useId } from 'react';
import type { TVideo } from '@pipewise/contract/videos';
import { VideoCard } from './video-card';

/** 'My Videos' or 'Team Videos': a grid of cards, or the section's empty text. */
export function VideoSection({ title, videos, onOpen }: { title: string; videos: TVideo[]; onOpen: (id: string) => void }) {
  const headingId = useId();
  return (
    <section className="video-section" aria-labelledby={headingId}>
      <h3 id={headingId} className="subsection-title">
        {title}
      </h3>
      {videos.length === 0 ? (
        <p className="empty-state">No videos found in this section.</p>
      ) : (
        <ul className="video-grid">
          {videos.map((video) => (
            <VideoCard key={video.id} video={video} onOpen={() => onOpen(video.id)} />
          ))}
        </ul>
      )}
    </section>
  );
}
