import { lazy, Suspense } from 'react';
import { useParams } from 'react-router';
import { UpcomingCallsButton } from '../../features/calls/components/upcoming-calls-button';
import { CallSuggestionsPanel } from '../../features/call-suggestions/components/call-suggestions-panel';
import { MeetingDetailPage, type ExtraTab } from '../../features/meetings/components/meeting-detail-page';
import { Spinner } from '../../components/ui/spinner';
import { loadChunk } from '../../lib/chunk-load';

/** The Call stats tab's code (and the coaching contract) loads when the tab is first chosen. */
const CallStatsTab = lazy(async () => ({
  default: (await loadChunk(() => import('../../features/call-stats/components/call-stats-tab'))).CallStatsTab,
}));

const EXTRA_TABS: readonly ExtraTab[] = [
  {
    id: 'call-stats',
    label: 'Call stats',
    render: (video) => (
      <Suspense fallback={<Spinner label="Loading call stats" />}>
        <CallStatsTab video={video} />
      </Suspense>
    ),
  },
];

/**
 * /dashboard/meeting/:id, with the calls overlay's 'View upcoming calls' button in its header, the call's suggested
 * updates and its Call stats tab.
 */
export function MeetingDetailRoute() {
  const { id = '' } = useParams();
  return (
    <MeetingDetailPage
      actions={<UpcomingCallsButton />}
      below={(video) => <CallSuggestionsPanel key={id} recordingId={id} playable={video.s3_url !== null} />}
      extraTabs={EXTRA_TABS}
    />
  );
}
