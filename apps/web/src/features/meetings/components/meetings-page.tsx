import { useState, type ReactNode } from 'react';
import type { TVideo } from '@pipewise/contract/videos';
import { Button } from '../../../components/ui/button';
import { useMeetingVideos } from '../api/get-meeting-videos';
import type { MeetingTab } from '../api/meeting-query-keys';
import { MeetingsTable } from './meetings-table';
import { panelId, TabList, tabId } from './tab-list';
import '../meetings.css';

const TABS = [
  { id: 'your', label: 'Your Meeting' },
  { id: 'team', label: 'Team Meeting' },
] as const;

type MeetingsPageProps = {
  /** Header buttons composed by the route, e.g. 'View upcoming calls'. */
  actions?: ReactNode;
  /** The video detail modal, from the videos feature (composed by the route). */
  renderVideoDetail?: (video: TVideo | null, onClose: () => void) => ReactNode;
};

function TabPanel({ tab, onView }: { tab: MeetingTab; onView: (video: TVideo) => void }) {
  const videos = useMeetingVideos(tab);
  if (videos.isPending)
    return (
      <p className="empty-state" role="status">
        Loading videos...
      </p>
    );
  if (videos.isError) {
    return (
      <div className="empty-state" role="alert">
        <p>Error: {videos.error.message}</p>
        <Button variant="secondary" onClick={() => void videos.refetch()}>
          Retry
        </Button>
      </div>
    );
  }
  if (videos.data.length === 0) return <p className="empty-state">No videos found</p>;
  return <MeetingsTable videos={videos.data} onView={onView} />;
}

/** Meetings (/dashboard/meetings): your recorded meetings and your team's, one tab each. */
export function MeetingsPage({ actions, renderVideoDetail }: MeetingsPageProps) {
  const [tab, setTab] = useState<MeetingTab>('your');
  const [viewing, setViewing] = useState<TVideo | null>(null);
  return (
    <section className="page-section meetings-page" aria-labelledby="page-section-title">
      <div className="section-toolbar meetings-toolbar">
        <h2 id="page-section-title" className="page-section-title">
          Meetings
        </h2>
        {actions ? <div className="meetings-actions">{actions}</div> : null}
      </div>
      <TabList label="Meetings" tabs={TABS} selected={tab} onSelect={setTab} idPrefix="meetings" />
      <div role="tabpanel" id={panelId('meetings', tab)} aria-labelledby={tabId('meetings', tab)} className="tab-panel">
        <TabPanel key={tab} tab={tab} onView={setViewing} />
      </div>
      {renderVideoDetail?.(viewing, () => setViewing(null))}
    </section>
  );
}
