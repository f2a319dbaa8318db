import { Briefcase, Clock, Users } from 'lucide-react';
import { useId } from 'react';
import type { TCalendarMeeting } from '@pipewise/contract/calendar';
import { callStart } from '../utils/call-day';
import { formatAttendees } from '../utils/call-people';
import { formatCallDay, formatCallTime } from '../utils/call-time';
import { callTitle, type TCallListKind } from '../utils/call-title';
import { CallManageActions } from './call-manage-actions';
import { JoinButton } from './join-button';

/** One call: title, time (with its day in the upcoming lists), attendees, deal, and Join. */
type CallCardProps = { call: TCalendarMeeting; kind: TCallListKind; headingLevel: 3 | 4 };

export function CallCard({ call, kind, headingLevel }: CallCardProps) {
  const titleId = useId();
  const Heading = headingLevel === 3 ? 'h3' : 'h4';
  const start = callStart(call);
  const attendees = formatAttendees(call.attendees);
  return (
    <li className="call-card" aria-labelledby={titleId}>
      <div className="call-card-body">
        <Heading id={titleId} className="call-card-title">
          {callTitle(call.summary, kind)}
        </Heading>
        <p className="call-card-line">
          <Clock size={14} aria-hidden="true" />
          {kind === 'upcoming' && start ? <span className="call-card-day">{formatCallDay(start)}</span> : null}
          <span>{formatCallTime(call)}</span>
        </p>
        {attendees ? (
          <p className="call-card-line">
            <Users size={14} aria-hidden="true" />
            <span>{attendees}</span>
          </p>
        ) : null}
        {call.deal_name ? (
          <p className="call-card-line">
            <Briefcase size={14} aria-hidden="true" />
            <span>{call.deal_name}</span>
          </p>
        ) : null}
      </div>
      <div className="call-card-actions">
        <JoinButton link={call.meet_link} describedBy={titleId} />
        {call.can_manage ? <CallManageActions call={call} title={callTitle(call.summary, kind)} /> : null}
      </div>
    </li>
  );
}
