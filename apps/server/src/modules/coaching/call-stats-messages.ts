/** What the call statistics' and the competitor list's routes answer, in words a user understands. */
export const CALL_STATS_MESSAGES = {
  notFound: 'Video not found',
  notChannels: "This call's speakers do not come from a stereo recording's two channels, so there are no sides to swap.",
} as const;
