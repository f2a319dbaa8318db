/** What the call-suggestions routes answer, in words the meeting page shows. */
export const SUGGESTION_MESSAGES = {
  recordingNotFound: 'Recording not found',
  notFound: 'Suggestion not found',
  alreadyDecided: 'This suggestion was already accepted or dismissed.',
  dealChanged: 'This deal was changed by someone else since you opened it. Reload to see the latest version.',
  stageNotForward: 'A call can only move a deal forward to an open stage.',
} as const;
