/** When an integration last synced, in the spec's US English times: 'today at 8:05 PM', 'Nov 24 at 8:05 PM'. */
export function lastSyncedText(iso: string | null, now = new Date()): string {
  if (!iso) return 'Not synced yet';
  const at = new Date(iso);
  if (Number.isNaN(at.getTime())) return 'Not synced yet';
  if (now.getTime() - at.getTime() < 60_000) return 'Last synced just now';
  const time = at.toLocaleTimeString('en-US', { hour: 'numeric', minute: '2-digit' });
  const sameDay = at.toDateString() === now.toDateString();
  if (sameDay) return `Last synced today at ${time}`;
  const options: Intl.DateTimeFormatOptions = { month: 'short', day: 'numeric' };
  if (at.getFullYear() !== now.getFullYear()) options.year = 'numeric';
  return `Last synced ${at.toLocaleDateString('en-US', options)} at ${time}`;
}

/** The card's sync line; while a sync runs it says so (announced politely to screen readers). */
export function LastSynced({ at, syncing }: { at: string | null; syncing: boolean }) {
  return (
    <p className="integration-sync muted" role="status">
      {syncing ? (
        'Syncing…'
      ) : at ? (
        <time dateTime={at} title={new Date(at).toLocaleString('en-US')}>
          {lastSyncedText(at)}
        </time>
      ) : (
        lastSyncedText(null)
      )}
    </p>
  );
}
