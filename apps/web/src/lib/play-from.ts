import { useCallback } from 'react';
import { useLocation, useSearchParams } from 'react-router';

/**
 * The click-to-play protocol: /dashboard/meeting/{recordingId}?t=SECONDS opens the meeting page,
 * whose player seeks to SECONDS and plays. Anything that cites a moment of a call (the transcript,
 * a suggestion's quote, the assistant's answer) links with meetingPlayLink; on the meeting page
 * itself, usePlayFrom changes t, and the player seeks again.
 */
export const meetingPlayLink = (recordingId: string, seconds: number) =>
  `/dashboard/meeting/${encodeURIComponent(recordingId)}?t=${Math.max(0, Math.floor(seconds))}`;

/** A time in a recording as people read it: m:ss, or h:mm:ss from an hour on. */
export function clockText(seconds: number): string {
  const s = Math.max(0, Math.floor(seconds));
  const [h, m, sec] = [Math.floor(s / 3600), Math.floor((s % 3600) / 60), s % 60];
  const pad = (n: number) => String(n).padStart(2, '0');
  return h > 0 ? `${h}:${pad(m)}:${pad(sec)}` : `${m}:${pad(sec)}`;
}

/** The seconds of a `t` parameter (whole or decimal, at least 0); null when absent or not a time. */
export function parsePlayTime(value: string | null): number | null {
  if (value === null || !/^\d{1,6}(\.\d{1,3})?$/.test(value.trim())) return null;
  return Number(value);
}

/**
 * The time this page's URL asks its player to play from, with the navigation's key: asking for
 * the same time again (a second click) is a new request, so the player seeks again.
 */
export function useRequestedPlayTime(): { seconds: number; key: string } | null {
  const [params] = useSearchParams();
  const { key } = useLocation();
  const seconds = parsePlayTime(params.get('t'));
  return seconds === null ? null : { seconds, key };
}

/** Plays this page's recording from a time, by setting ?t= on the page's URL (kept out of the history's back steps). */
export function usePlayFrom(): (seconds: number) => void {
  const [, setParams] = useSearchParams();
  return useCallback(
    (seconds: number) =>
      setParams(
        (params) => {
          const next = new URLSearchParams(params);
          next.set('t', String(Math.max(0, Math.floor(seconds))));
          return next;
        },
        { replace: true, preventScrollReset: true },
      ),
    [setParams],
  );
}
