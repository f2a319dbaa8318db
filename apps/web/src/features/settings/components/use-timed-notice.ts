import { useCallback, useEffect, useRef, useState } from 'react';

export type Notice = { kind: 'success' | 'error'; message: string };

/** The spec's notice lifetimes: success clears after 5 s, error after 8 s. */
export const NOTICE_MS = { success: 5000, error: 8000 } as const;

/** One notice at a time; a new one replaces the old and restarts the clock. */
export function useTimedNotice() {
  const [notice, setNotice] = useState<Notice | null>(null);
  const timer = useRef<number | null>(null);

  const clear = useCallback(() => {
    if (timer.current !== null) window.clearTimeout(timer.current);
    timer.current = null;
  }, []);

  const show = useCallback(
    (kind: Notice['kind'], message: string) => {
      clear();
      setNotice({ kind, message });
      timer.current = window.setTimeout(() => setNotice(null), NOTICE_MS[kind]);
    },
    [clear],
  );

  const dismiss = useCallback(() => {
    clear();
    setNotice(null);
  }, [clear]);

  useEffect(() => clear, [clear]);

  return { notice, show, dismiss };
}
