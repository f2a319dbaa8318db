import { useCallback, useState } from 'react';

function readStored<T extends string>(key: string, allowed: readonly T[], fallback: T): T {
  try {
    const value = localStorage.getItem(key);
    return allowed.find((a) => a === value) ?? fallback;
  } catch {
    return fallback;
  }
}

/**
 * A choice kept in local storage: read once at mount; a change is written back only while
 * `remember` holds (the panel remembers its choices in the home card, not when expanded).
 */
export function useStoredChoice<T extends string>(key: string, allowed: readonly T[], fallback: T, remember: boolean) {
  const [value, setValue] = useState<T>(() => readStored(key, allowed, fallback));
  const choose = useCallback(
    (next: T) => {
      setValue(next);
      if (!remember) return;
      try {
        localStorage.setItem(key, next);
      } catch {
        // Storage full or blocked: the choice still holds for this visit.
      }
    },
    [key, remember],
  );
  return [value, choose] as const;
}
