import { Upload } from 'lucide-react';
import { useState, type ReactNode } from 'react';
import { Button } from '../../../components/ui/button';
import { isApiError } from '../../../lib/http';
import { useMyVideos } from '../api/get-my-videos';
import { useTeamVideos } from '../api/get-team-videos';
import { UploadDialog } from './upload-dialog';
import { useVideoUpload } from './use-video-upload';
import { VideoDetailDialog } from './video-detail-dialog';
import { VideoSection } from './video-section';
import '../videos.css';

const LOAD_FAILED = 'Failed to load videos. Please try again later.';

function Body({ onOpen }: { onOpen: (id: string) => void }) {
  const mine = useMyVideos();
  const team = useTeamVideos();
  if (mine.isPending || team.isPending)
    return (
      <p className="empty-state" role="status">
        Loading insights...
      </p>
    );
  const error = mine.error ?? team.error;
  if (error) {
    const message = isApiError(error) && error.detail ? error.detail : LOAD_FAILED;
    return (
      <div className="empty-state" role="alert">
        <p>Error: {message}</p>
        <Button variant="secondary" onClick={() => void Promise.all([mine.refetch(), team.refetch()])}>
          Retry
        </Button>
      </div>
    );
  }
  const myVideos = mine.data ?? [];
  const teamVideos = team.data ?? [];
  if (myVideos.length === 0 && teamVideos.length === 0) {
    return <p className="empty-state">No videos uploaded yet. Upload your first video to get started!</p>;
  }
  return (
    <>
      <VideoSection title="My Videos" videos={myVideos} onOpen={onOpen} />
      <VideoSection title="Team Videos" videos={teamVideos} onOpen={onOpen} />
    </>
  );
}

/** Video Insights (/dashboard/upload): upload, then watch each recording's summary and key points arrive. */
export function VideoInsightsPage({ actions }: { actions?: ReactNode }) {
  const [dialogOpen, setDialogOpen] = useState(false);
  const [openId, setOpenId] = useState<string | null>(null);
  const { uploading, progress, upload } = useVideoUpload();
  const mine = useMyVideos();
  const team = useTeamVideos();
  const opened = [...(mine.data ?? []), ...(team.data ?? [])].find((v) => v.id === openId) ?? null;
  return (
    <section className="page-section video-insights" aria-labelledby="page-section-title">
      <div className="section-toolbar video-toolbar">
        <h2 id="page-section-title" className="page-section-title">
          Video Insights
        </h2>
        <div className="video-toolbar-actions">
          {actions}
          <Button onClick={() => setDialogOpen(true)} disabled={uploading}>
            <Upload size={16} aria-hidden="true" />
            {uploading ? `Uploading... ${progress}%` : 'Upload Video'}
          </Button>
        </div>
      </div>
      <Body onOpen={setOpenId} />
      <UploadDialog open={dialogOpen} onOpenChange={setDialogOpen} uploading={uploading} progress={progress} onUpload={upload} />
      <VideoDetailDialog video={opened} onClose={() => setOpenId(null)} />
    </section>
  );
}
