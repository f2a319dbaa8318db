import type { TCalendarMeeting } from '@pipewise/contract/calendar';
import type { TCallListKind } from '../utils/call-title';
import { CallCard } from './call-card';

export const LOADING_TEXT = 'Loading meetings...';
export const EMPTY_TEXT: Record<TCallListKind, string> = { today: 'No calls today', upcoming: 'No upcoming calls' };

type CallListProps = {
  calls: TCalendarMeeting[];
  kind: TCallListKind;
  /** Names the scrolling list for assistive technology. */
  label: string;
  /** 'all' lets the list grow taller before it scrolls. */
  size?: 'today' | 'all' | 'free';
  /** The cards' title level under the heading above the list. */
  headingLevel?: 3 | 4;
};

/**
 * The call cards in a list of fixed height that scrolls. The list takes keyboard focus so it can
 * be scrolled without a mouse even when every Join button in it is disabled.
 */
export function CallList({ calls, kind, label, size = 'free', headingLevel = 3 }: CallListProps) {
  if (calls.length === 0) return <p className="muted calls-empty">{EMPTY_TEXT[kind]}</p>;
  return (
    <ul className={`call-list call-list-${size}`} aria-label={label} tabIndex={0}>
      {calls.map((call) => (
        <CallCard key={call.id} call={call} kind={kind} headingLevel={headingLevel} />
      ))}
    </ul>
  );
}
