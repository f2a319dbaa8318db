/** Calls queries are keyed by the local day they start from, so a new day asks again. */
export const CALLS_QUERY_KEY = ['calls'] as const;

export const callsQueryKeys = {
  yours: (fromDay: string) => [...CALLS_QUERY_KEY, 'yours', fromDay] as const,
  team: (fromDay: string) => [...CALLS_QUERY_KEY, 'team', fromDay] as const,
};
