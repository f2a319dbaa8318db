/** The title of a call that has none. */
export const DEFAULT_CALL_TITLE = 'Meeting';

/**
 * The title of an untitled call in the upcoming lists. An event without a summary that keeps
 * coming back is in practice the team's recurring stand-up, so the upcoming lists name it by its
 * cadence; the label is fixed, not read from the event's recurrence.
 */
export const UNTITLED_UPCOMING_LABEL = 'Daily Sync';

/** Where a call is listed: today's list, or an upcoming list (all calls, the overlay). */
export type TCallListKind = 'today' | 'upcoming';

export function callTitle(summary: string | null, kind: TCallListKind): string {
  const title = summary?.trim();
  if (title) return title;
  return kind === 'upcoming' ? UNTITLED_UPCOMING_LABEL : DEFAULT_CALL_TITLE;
}
