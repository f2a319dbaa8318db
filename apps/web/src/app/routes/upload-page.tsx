import { VideoInsightsPage } from '../../features/videos/components/video-insights-page';

/** /dashboard/upload: Video Insights. */
export function UploadRoute() {
  return <VideoInsightsPage />;
}
