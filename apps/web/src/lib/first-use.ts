/**
 * A value made the first time it is asked for. Intl formatters are made this way: building one
 * loads locale data, which a phone feels when a screen's code is evaluated at start-up.
 */
export function onFirstUse<T>(make: () => T): () => T {
  let made: { value: T } | undefined;
  return () => (made ??= { value: make() }).value;
}

/** 'Nov 22, 2026': the day a recording or meeting happened. */
export const usDayFormat = onFirstUse(() => new Intl.DateTimeFormat('en-US', { month: 'short', day: 'numeric', year: 'numeric' }));
