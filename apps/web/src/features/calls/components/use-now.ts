import { useEffect, useState } from 'react';

/**
 * The current time, renewed every minute: calls move from 'still to come' to past as the clock
 * runs, and at local midnight 'today' becomes a new day.
 */
export function useNow(everyMs = 60_000): Date {
  const [now, setNow] = useState(() => new Date());
  useEffect(() => {
    const timer = setInterval(() => setNow(new Date()), everyMs);
    return () => clearInterval(timer);
  }, [everyMs]);
  return now;
}
