/** A recording's call statistics (the meeting page's "Call stats" tab). */
export const callStatsQueryKeys = {
  recording: (recordingId: string) => ['call-stats', recordingId] as const,
};
