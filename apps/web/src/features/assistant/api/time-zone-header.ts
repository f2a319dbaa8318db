/**
 * The browser's IANA time zone for the chat APIs (X-Timezone): 'today' and 'this month' in an
 * answer are the user's days, not the server's. Left out when the browser does not say.
 */
export function timeZoneHeader(): Record<string, string> {
  const zone = Intl.DateTimeFormat().resolvedOptions().timeZone;
  return zone ? { 'X-Timezone': zone } : {};
}
