import { ArrowLeft, CalendarDays, Clock, Users } from 'lucide-react';
import { useDeferredValue, useState, type ReactNode } from 'react';
import { Link, useLocation, useParams, useSearchParams } from 'react-router';
import { ZVideo, type TVideo } from '@pipewise/contract/videos';
import { Button } from '../../../components/ui/button';
import { Spinner } from '../../../components/ui/spinner';
import { isApiError } from '../../../lib/http';
import { useProfile } from '../../../lib/session';
import { useMeeting } from '../api/get-meeting';
import { durationText, meetingDate, participantCountText } from '../utils/meeting-format';
import { AiEmailButton } from './ai-email-button';
import { MeetingOverview } from './meeting-overview';
import { MeetingParticipants } from './meeting-participants';
import { MeetingPlayer } from './meeting-player';
import { MeetingSnapshots } from './meeting-snapshots';
import { MeetingTranscript } from './meeting-transcript';
import { ParticipantsEditor } from './participants-editor';
import { ShareButton } from './share-button';
import { panelId, TabList, tabId } from './tab-list';
import '../meetings.css';

const TABS = [
  { id: 'participants', label: 'Participants' },
  { id: 'snapshots', label: 'Snapshots' },
  { id: 'transcript', label: 'Transcript' },
] as const;

/** A tab a route adds after the built-in ones (a feature's own screen about this recording), drawn when chosen. */
export type ExtraTab = { id: string; label: string; render: (video: TVideo) => ReactNode };

/** The record the Meetings screen passed along, if it is one. */
function videoFromState(state: unknown): TVideo | null {
  const parsed = ZVideo.safeParse((state as { video?: unknown } | null)?.video);
  return parsed.success ? parsed.data : null;
}

function BackToMeetings() {
  return (
    <Link to="/dashboard/meetings" className="back-link">
      <ArrowLeft size={16} aria-hidden="true" />
      All meetings
    </Link>
  );
}

/** What a route adds under the tabs, given the recording (e.g. whether it has media to play). */
type Below = (video: TVideo) => ReactNode;

type DetailProps = { video: TVideo; actions?: ReactNode; below?: Below; extraTabs?: readonly ExtraTab[] };

function MeetingDetail({ video, actions, below, extraTabs = [] }: DetailProps) {
  // A link that plays from a moment (?t=) opens on the transcript, where that moment is.
  const [params] = useSearchParams();
  const [tab, setTab] = useState<string>(params.has('t') ? 'transcript' : 'participants');
  const profile = useProfile();
  const title = video.title.trim() || 'Untitled Meeting';
  return (
    <div className="meeting-detail">
      <BackToMeetings />
      <div className="section-toolbar meeting-detail-head">
        <h2 id="page-section-title" className="page-section-title">
          {title}
        </h2>
        <div className="meetings-actions">
          {actions}
          <ShareButton />
          <AiEmailButton videoId={video.id} />
        </div>
      </div>
      <ul className="meeting-facts" aria-label="Meeting facts">
        <li>
          <CalendarDays size={16} aria-hidden="true" />
          {meetingDate(video.upload_date)}
        </li>
        <li>
          <Clock size={16} aria-hidden="true" />
          {durationText(video.duration)}
        </li>
        <li>
          <Users size={16} aria-hidden="true" />
          {participantCountText(video.meet_attendees.length)}
        </li>
      </ul>
      <div className="meeting-detail-grid">
        <MeetingOverview video={video} />
        <MeetingPlayer src={video.s3_url} title={title} />
      </div>
      <TabList label="Meeting details" tabs={[...TABS, ...extraTabs]} selected={tab} onSelect={setTab} idPrefix="meeting" />
      <div role="tabpanel" id={panelId('meeting', tab)} aria-labelledby={tabId('meeting', tab)} className="tab-panel" tabIndex={0}>
        {tab === 'participants' ? (
          <>
            <MeetingParticipants attendees={video.meet_attendees} currentEmail={profile.data?.email ?? null} />
            <ParticipantsEditor videoId={video.id} />
          </>
        ) : tab === 'snapshots' ? (
          <MeetingSnapshots snapshots={video.snapshots} />
        ) : tab === 'transcript' ? (
          <MeetingTranscript video={video} />
        ) : (
          extraTabs.find((t) => t.id === tab)?.render(video)
        )}
      </div>
      {below?.(video)}
    </div>
  );
}

/**
 * Meeting detail (/dashboard/meeting/:id): from the record in navigation state, or from the URL
 * alone (a reload or a shared link). `actions` holds buttons composed by the route, `below` what it adds under the tabs,
 * `extraTabs` the tabs it adds after Transcript.
 */
export function MeetingDetailPage({ actions, below, extraTabs }: Omit<DetailProps, 'video'>) {
  const { id = '' } = useParams();
  const { state } = useLocation();
  const meeting = useMeeting(id, videoFromState(state));
  // The meeting renders in a render of its own, which React does in slices, not in the task that
  // delivered the answer (as the deals list does); a failure shows at once.
  const video = useDeferredValue(meeting.data);
  if (video) {
    return (
      <section className="page-section" aria-labelledby="page-section-title">
        <MeetingDetail video={video} actions={actions} below={below} extraTabs={extraTabs} />
      </section>
    );
  }
  if (meeting.isPending || meeting.data) {
    return (
      <div className="full-page-center">
        <Spinner label="Loading meeting" size={32} />
      </div>
    );
  }
  const missing = isApiError(meeting.error, 404) || isApiError(meeting.error, 400);
  return (
    <section className="page-section" aria-labelledby="page-section-title">
      <h2 id="page-section-title" className="page-section-title">
        Meeting details
      </h2>
      <div className="empty-state" role="alert">
        <p>{missing ? 'Meeting not found' : 'Failed to load the meeting'}</p>
        {missing ? null : (
          <Button variant="secondary" onClick={() => void meeting.refetch()}>
            Retry
          </Button>
        )}
      </div>
      <BackToMeetings />
    </section>
  );
}
