/**
 * The browser's IANA time zone (X-Timezone) for the APIs that speak of the user's days: 'today' and
 * 'this month' in a chat answer, 08:00 for the WhatsApp morning digest. Left out when the browser
 * does not say.
 */
export function timeZoneHeader(): Record<string, string> {
  const zone = Intl.DateTimeFormat().resolvedOptions().timeZone;
  return zone ? { 'X-Timezone': zone } : {};
}
