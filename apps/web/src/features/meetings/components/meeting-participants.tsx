import type { TMeetAttendee } from '@pipewise/contract/videos';
import { attendeeName } from '../utils/meeting-format';

const RESPONSE_TEXT: Record<TMeetAttendee['responseStatus'], string> = {
  accepted: 'Accepted',
  declined: 'Declined',
  needsAction: 'Awaiting response',
  tentative: 'Tentative',
};

/** The attendees, organizer first, bordered by their answer (green, red, orange), which is also written out. */
export function MeetingParticipants({ attendees, currentEmail }: { attendees: TMeetAttendee[]; currentEmail: string | null }) {
  if (attendees.length === 0) return <p className="empty-state">No participants found</p>;
  const ordered = [...attendees].sort((a, b) => Number(Boolean(b.organizer)) - Number(Boolean(a.organizer)));
  const me = currentEmail?.toLowerCase();
  return (
    <ul className="participants">
      {ordered.map((a) => {
        // `self` is the viewer's (a participant matched to them); an address of theirs is them too.
        const isYou = a.self === true || (me !== undefined && a.email !== '' && a.email.toLowerCase() === me);
        return (
          <li key={a.id ?? a.email} className={`participant participant-${a.responseStatus}`}>
            <span className="participant-name">
              {attendeeName(a)}
              {isYou ? ' (You)' : ''}
            </span>
            {a.email ? <span className="participant-email">{a.email}</span> : null}
            {a.speaker_label && a.speaker_label !== a.displayName ? (
              <span className="participant-email">Speaks as {a.speaker_label}</span>
            ) : null}
            <span className="participant-meta">
              {a.organizer ? <span className="badge badge-neutral">Organizer</span> : null}
              <span className="participant-response">{RESPONSE_TEXT[a.responseStatus]}</span>
            </span>
          </li>
        );
      })}
    </ul>
  );
}
