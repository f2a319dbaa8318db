/** A period's range, as the coaching API reads it (YYYY-MM-DD, both ends included). */
export type CoachingRange = { from: string; to: string };

/** Every coaching query key starts with COACHING_QUERY_KEY. */
export const COACHING_QUERY_KEY = ['coaching'] as const;

export const coachingQueryKeys = {
  team: (range: CoachingRange) => [...COACHING_QUERY_KEY, 'team', range.from, range.to] as const,
  person: (userId: string, range: CoachingRange) => [...COACHING_QUERY_KEY, 'person', userId, range.from, range.to] as const,
};

/** `from=…&to=…` for a coaching request. */
export const rangeQuery = (range: CoachingRange) => new URLSearchParams({ from: range.from, to: range.to }).toString();
