import type { TCallSuggestion } from '@pipewise/contract/call-suggestions';
import { formatIsoDay, formatRs } from '../../../lib/format';

/** A value as the panel shows it: amounts in rupees, days as '28 Nov 2026'. */
export function valueText(field: TCallSuggestion['field'], value: string | null): string {
  if (value === null || value.trim() === '') return '(empty)';
  if (field === 'amount') return formatRs(value);
  if (field === 'close_date') return formatIsoDay(value);
  return value;
}

/** Where in the call: 1:05 or 1:02:03. */
export function clockText(seconds: number): string {
  const s = Math.max(0, Math.floor(seconds));
  const h = Math.floor(s / 3600);
  const m = Math.floor((s % 3600) / 60);
  const rest = String(s % 60).padStart(2, '0');
  return h ? `${h}:${String(m).padStart(2, '0')}:${rest}` : `${m}:${rest}`;
}

const CALL_DAY = new Intl.DateTimeFormat('en-GB', { day: 'numeric', month: 'short' });

/** "the call on 12 Nov". */
export const callDayText = (at: string) => `the call on ${CALL_DAY.format(new Date(at))}`;

/** The click-to-play link: the meeting page plays from `seconds`. */
export const playLink = (recordingId: string, seconds: number | null) =>
  `/dashboard/meeting/${encodeURIComponent(recordingId)}?t=${Math.max(0, Math.floor(seconds ?? 0))}`;
