/** Every activity query of a record starts with its key, so a note saved reloads its notes and its timeline. */
export const activityQueryKeys = {
  all: ['activity'] as const,
  record: (recordType: string, recordId: string) => ['activity', recordType, recordId] as const,
};
