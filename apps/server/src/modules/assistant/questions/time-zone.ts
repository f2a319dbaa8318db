/** Calendar days in the caller's time zone (an IANA name from the X-Timezone header, else UTC). */

const DAY_MS = 86_400_000;

/** The zone if the runtime knows it, else UTC: a bad header value never fails a question. */
export function zoneOrUtc(value: string | undefined): string {
  const zone = value?.trim();
  if (!zone || zone.length > 64) return 'UTC';
  try {
    new Intl.DateTimeFormat('en-US', { timeZone: zone });
    return zone;
  } catch {
    return 'UTC';
  }
}

/** yyyy-mm-dd of `instant` as a wall calendar in `zone` shows it. */
export function localDate(instant: Date, zone: string): string {
  return new Intl.DateTimeFormat('en-CA', { timeZone: zone, year: 'numeric', month: '2-digit', day: '2-digit' }).format(instant);
}

/** How far the zone's wall clock is ahead of UTC at `instant`, in ms. */
function offsetAt(instant: number, zone: string): number {
  const parts = new Intl.DateTimeFormat('en-US', {
    timeZone: zone,
    hourCycle: 'h23',
    year: 'numeric',
    month: 'numeric',
    day: 'numeric',
    hour: 'numeric',
    minute: 'numeric',
    second: 'numeric',
  }).formatToParts(new Date(instant));
  const n = (type: string) => Number(parts.find((p) => p.type === type)!.value);
  const wall = Date.UTC(n('year'), n('month') - 1, n('day'), n('hour'), n('minute'), n('second'));
  return wall - Math.floor(instant / 1000) * 1000;
}

/** The instant a local day starts in `zone` (checked twice so a DST change that day is honoured). */
export function startOfDay(ymd: string, zone: string): Date {
  const [y, m, d] = ymd.split('-').map(Number) as [number, number, number];
  const wall = Date.UTC(y, m - 1, d);
  let start = wall - offsetAt(wall, zone);
  start = wall - offsetAt(start, zone);
  return new Date(start);
}

/** [start, end) of a local day. */
export function dayRange(ymd: string, zone: string): { from: Date; to: Date } {
  return { from: startOfDay(ymd, zone), to: startOfDay(addDays(ymd, 1), zone) };
}

export function addDays(ymd: string, days: number): string {
  const [y, m, d] = ymd.split('-').map(Number) as [number, number, number];
  return new Date(Date.UTC(y, m - 1, d) + days * DAY_MS).toISOString().slice(0, 10);
}

/** Hour and minute of `instant` in `zone`, e.g. '3:30 PM'. */
export function localTime(instant: Date, zone: string): string {
  return new Intl.DateTimeFormat('en-US', { timeZone: zone, hour: 'numeric', minute: '2-digit' }).format(instant);
}
