import { Link } from 'react-router';
import type { TActivityItem } from '@pipewise/contract/activity';
import type { TRecordType } from '@pipewise/contract/notes';
import { CalendarDays, History, Mail, Phone, StickyNote, Video } from 'lucide-react';
import type { ReactNode } from 'react';
import { timelineDate, timelineTime } from '../../../lib/format';
import { describeChange, sourceLabel, timeAgo } from '../utils/describe-change';
import { NoteEntry } from './note-entry';

const RECORDING_ICONS = { call: Phone, email: Mail, video: Video } as const;
const RECORDING_LABELS = { call: 'Call', email: 'Email', video: 'Video' } as const;

function Entry({
  side,
  icon,
  label,
  at,
  children,
}: {
  side: 'left' | 'right';
  icon: ReactNode;
  label: string;
  at: string;
  children: ReactNode;
}) {
  return (
    <li className={`activity-entry activity-${side}`}>
      <span className="activity-icon" role="img" aria-label={label}>
        {icon}
      </span>
      <div className="activity-body">
        <p className="activity-when">
          <span>{timelineDate(at)}</span> <span>{timelineTime(at)}</span>
        </p>
        {children}
      </div>
    </li>
  );
}

/** One timeline entry: a note (with its author's controls), a change, a recording or a meeting. */
export function ActivityEntry({
  item,
  side,
  recordType,
  recordId,
  now,
}: {
  item: TActivityItem;
  side: 'left' | 'right';
  recordType: TRecordType;
  recordId: string;
  now: Date;
}) {
  switch (item.kind) {
    case 'note':
      return (
        <Entry side={side} icon={<StickyNote size={14} aria-hidden="true" />} label="Note" at={item.at}>
          <NoteEntry note={item.note} recordType={recordType} recordId={recordId} now={now} />
        </Entry>
      );
    case 'change':
      return (
        <Entry side={side} icon={<History size={14} aria-hidden="true" />} label="Change" at={item.at}>
          <p className="activity-title">{describeChange(item, recordType)}</p>
          <p className="activity-meta">
            {item.from_call ? (
              <Link to={`/dashboard/meeting/${encodeURIComponent(item.from_call.recording_id)}`}>
                {sourceLabel(item.source, item.from_call)}
              </Link>
            ) : (
              sourceLabel(item.source)
            )}{' '}
            · <time dateTime={item.at}>{timeAgo(item.at, now)}</time>
          </p>
        </Entry>
      );
    case 'recording': {
      const Icon = RECORDING_ICONS[item.type];
      return (
        <Entry side={side} icon={<Icon size={14} aria-hidden="true" />} label={RECORDING_LABELS[item.type]} at={item.at}>
          <p className="activity-title">{item.title.trim() || 'Untitled Video'}</p>
          {item.description ? <p className="activity-description">{item.description}</p> : null}
        </Entry>
      );
    }
    case 'meeting':
      return (
        <Entry side={side} icon={<CalendarDays size={14} aria-hidden="true" />} label="Meeting" at={item.at}>
          <p className="activity-title">{item.title?.trim() || 'Untitled Meeting'}</p>
        </Entry>
      );
  }
}
