import { afterAll, beforeAll } from 'vitest';

/**
 * Runs the file's tests as a viewer in `timeZone`: screens show dates on the viewer's calendar, so a
 * test that reads one ('Mar 5, 2026') names the zone it reads it in instead of taking the machine's.
 */
export function viewerTimeZone(timeZone: string): void {
  const previous = process.env.TZ;
  beforeAll(() => {
    process.env.TZ = timeZone;
  });
  afterAll(() => {
    if (previous === undefined) delete process.env.TZ;
    else process.env.TZ = previous;
  });
}
