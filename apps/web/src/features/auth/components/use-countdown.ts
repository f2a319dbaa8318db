import { useCallback, useEffect, useState } from 'react';

/** Seconds left until zero, ticking once a second; `restart` starts again from `from`. */
export function useCountdown(from: number): { secondsLeft: number; restart: () => void } {
  const [secondsLeft, setSecondsLeft] = useState(0);
  const running = secondsLeft > 0;

  useEffect(() => {
    if (!running) return undefined;
    const id = window.setInterval(() => setSecondsLeft((s) => Math.max(0, s - 1)), 1000);
    return () => window.clearInterval(id);
  }, [running]);

  const restart = useCallback(() => setSecondsLeft(from), [from]);
  return { secondsLeft, restart };
}
