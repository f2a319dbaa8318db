/**
 * When to take snapshots: at 0, every, 2 x every ... seconds before the end, spaced wider when the
 * recording is long, so there are never more than `maxCount` (the Snapshots tab stays a strip).
 */
export function snapshotTimes(durationSeconds: number, everySeconds: number, maxCount: number): { everySeconds: number; times: number[] } {
  if (!(durationSeconds > 0) || maxCount < 1) return { everySeconds, times: [] };
  const every = Math.max(everySeconds, Math.ceil(durationSeconds / maxCount));
  const times: number[] = [];
  for (let t = 0; t < durationSeconds && times.length < maxCount; t += every) times.push(t);
  return { everySeconds: every, times };
}
