import { useId } from 'react';
import { AlertMessage } from '../../../components/ui/alert-message';
import { Button } from '../../../components/ui/button';
import { callsRangeFrom } from '../api/calls-range';
import { useTeamMeetings } from '../api/get-team-meetings';
import { useUserMeetings } from '../api/get-user-meetings';
import { todaysCalls, upcomingCalls } from '../utils/call-lists';
import { CallList, LOADING_TEXT } from './call-list';
import { CALL_TABS, CallsTabs, panelId, tabId } from './calls-tabs';
import { ScheduleCallButton } from './schedule-call-button';
import { useNow } from './use-now';
import { useStoredChoice } from './use-stored-state';
import './calls.css';

/** Local storage keys: the spec keeps the active calls tab and the show-all flag in the browser. */
export const ACTIVE_TAB_KEY = 'activeCallsTab';
export const SHOW_ALL_KEY = 'showAllMeetings';
const SHOW_ALL = ['today', 'all'] as const;

/**
 * Your or your team's calls. Collapsed (the home card) it shows today's calls and offers all
 * upcoming ones, remembering both choices; expanded it always shows every upcoming call and
 * leaves the remembered choices alone.
 */
export function CallsPanel({ expanded = false }: { expanded?: boolean }) {
  const idBase = useId();
  const [tab, setTab] = useStoredChoice(ACTIVE_TAB_KEY, CALL_TABS, 'your', !expanded);
  const [shown, setShown] = useStoredChoice(SHOW_ALL_KEY, SHOW_ALL, 'today', !expanded);
  const showAll = expanded || shown === 'all';
  const now = useNow();
  const range = callsRangeFrom(now);
  const yours = useUserMeetings(range, tab === 'your');
  const team = useTeamMeetings(range, tab === 'team');
  const query = tab === 'your' ? yours : team;

  let body;
  if (query.isPending)
    body = (
      <p className="muted calls-empty" role="status">
        {LOADING_TEXT}
      </p>
    );
  else if (query.isError) body = <AlertMessage>Failed to load meetings</AlertMessage>;
  else if (showAll) body = <CallList calls={upcomingCalls(query.data, now)} kind="upcoming" label="Upcoming calls" size="all" />;
  else body = <CallList calls={todaysCalls(query.data, now)} kind="today" label="Today's calls" size="today" />;

  return (
    <div className="calls-panel">
      <div className="calls-panel-bar">
        <CallsTabs active={tab} onChange={setTab} idBase={idBase} />
        <ScheduleCallButton className="btn-small" />
      </div>
      <div role="tabpanel" id={panelId(idBase)} aria-labelledby={tabId(idBase, tab)} className="calls-tabpanel">
        {body}
      </div>
      {expanded ? null : (
        <Button variant="link" className="calls-toggle" onClick={() => setShown(showAll ? 'today' : 'all')}>
          {showAll ? "View today's calls" : 'View all upcoming calls'}
        </Button>
      )}
    </div>
  );
}
