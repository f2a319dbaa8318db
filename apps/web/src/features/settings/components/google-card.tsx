import { useEffect, useRef, useState } from 'react';
import { useSearchParams } from 'react-router';
import { Mail } from 'lucide-react';
import { GOOGLE_CONNECT_MESSAGES, type TGoogleStatus } from '@pipewise/contract/calendar';
import { AlertMessage } from '../../../components/ui/alert-message';
import { Button } from '../../../components/ui/button';
import { useGoogleStatus } from '../../../lib/google-status';
import { googleErrorMessage, useConnectGoogle } from '../api/connect-google';
import { useDisconnectGoogle } from '../api/disconnect-google';
import { useExchangeGoogleToken } from '../api/exchange-google-token';
import { useSyncGoogle } from '../api/sync-google';
import { DisconnectDialog, IntegrationCard, useStaleAfterSync, type IntegrationBadge } from './integration-card';
import { LastSynced } from './last-synced';
import { providerReturnFrom, withoutProviderReturn } from './provider-return';

/** Said when a sync ends without a newer sync time (Google failed; the job tries again later). */
export const SYNC_DID_NOT_FINISH = 'The sync did not finish. It will be retried shortly, or press Sync now again.';

const PERMISSION_LABEL = { mail: 'Gmail', calendar: 'Calendar' } as const;

const BADGES: Record<TGoogleStatus['state'], IntegrationBadge> = {
  not_connected: { label: 'Not connected', tone: 'badge-neutral' },
  partial: { label: 'Partially Connected', tone: 'badge-warning' },
  connected: { label: 'Connected', tone: 'badge-success' },
  broken: { label: 'Reconnect needed', tone: 'badge-danger' },
};

function statusMessage(status: TGoogleStatus): string | null {
  if (!status.configured)
    return 'Google is not set up for this installation yet. Ask your administrator to add the Google client settings.';
  if (status.state === 'partial') {
    const missing = status.missing.map((m) => PERMISSION_LABEL[m]).join(' and ');
    return `${missing} permission is needed too: connect again and allow access to your ${status.missing.join(' and ')}.`;
  }
  if (status.state === 'broken') return 'Google access was revoked or has expired. Reconnect to keep your calendar and drafts working.';
  if (status.state === 'connected' && status.email) return `Connected as ${status.email}.`;
  return null;
}

/** The Google card: Connect, Partially Connected, Connected or Reconnect; finishes a connect when Google sends the user back. */
export function GoogleCard() {
  const [params, setParams] = useSearchParams();
  const status = useGoogleStatus();
  const connect = useConnectGoogle();
  const exchange = useExchangeGoogleToken();
  const disconnect = useDisconnectGoogle();
  const sync = useSyncGoogle();
  // The sync time when Sync now was pressed: a sync that ends without a newer one did not finish.
  const [syncPressedAt, setSyncPressedAt] = useState<{ since: string | null } | null>(null);
  const [confirming, setConfirming] = useState(false);
  // Google's return as the page opened with it: an error there is shown from the first render.
  const [arrival] = useState(() => providerReturnFrom(params, 'google'));
  const [error, setError] = useState<string | null>(arrival && !arrival.ok ? GOOGLE_CONNECT_MESSAGES.authFailed : null);
  const handled = useRef(false);

  // Back from Google: exchange the code once, then clear the address so a reload does not repeat it.
  useEffect(() => {
    if (!arrival || handled.current) return;
    handled.current = true;
    setParams((current) => withoutProviderReturn(current), { replace: true });
    if (arrival.ok) {
      exchange.mutate(arrival.value, { onSuccess: () => setError(null), onError: (e) => setError(googleErrorMessage(e, 'exchange')) });
    }
  }, [arrival, setParams, exchange]);

  // A sync that just ended may have changed meetings and calls.
  const syncing = Boolean(status.data?.syncing);
  useStaleAfterSync(syncing);

  const syncNow = () => {
    setError(null);
    setSyncPressedAt({ since: status.data?.last_synced_at ?? null });
    sync.mutate(undefined, {
      onError: (e) => {
        setSyncPressedAt(null);
        setError(googleErrorMessage(e, 'connect'));
      },
    });
  };

  const startConnect = () => {
    setError(null);
    connect.mutate(undefined, { onError: (e) => setError(googleErrorMessage(e, 'connect')) });
  };
  const confirmDisconnect = () =>
    disconnect.mutate(undefined, {
      onSuccess: () => setConfirming(false),
      onError: (e) => {
        setConfirming(false);
        setError(googleErrorMessage(e, 'connect'));
      },
    });

  const data = status.data;
  const busy = connect.isPending || exchange.isPending;
  const message = data ? statusMessage(data) : null;
  const connected = data && data.state !== 'not_connected';
  const canSync = Boolean(data && data.calendar && data.state !== 'broken');
  const syncBusy = sync.isPending || syncing;
  const syncFailed = Boolean(syncPressedAt && data && !syncBusy && data.last_synced_at === syncPressedAt.since);

  return (
    <IntegrationCard
      id="google"
      name="Google"
      icon={Mail}
      description="Mail and calendar: meetings and upcoming calls from your Google account."
      badge={data ? BADGES[data.state] : null}
      connecting={exchange.isPending}
      actions={
        <>
          {data && data.state !== 'connected' ? (
            <Button
              variant={data.state === 'not_connected' ? 'primary' : 'secondary'}
              className="btn-small"
              disabled={!data.configured || busy}
              onClick={startConnect}
            >
              {data.state === 'broken' ? 'Reconnect' : data.state === 'partial' ? 'Grant access' : busy ? 'Connecting…' : 'Connect'}
            </Button>
          ) : null}
          {canSync ? (
            <Button
              variant="secondary"
              className="btn-small"
              disabled={busy || syncBusy}
              aria-busy={syncBusy || undefined}
              onClick={syncNow}
            >
              {syncBusy ? 'Syncing…' : 'Sync now'}
            </Button>
          ) : null}
          {connected ? (
            <Button variant="secondary" className="btn-small" disabled={busy || disconnect.isPending} onClick={() => setConfirming(true)}>
              Disconnect
            </Button>
          ) : null}
        </>
      }
    >
      {message ? <p className="integration-message">{message}</p> : null}
      {canSync && data ? <LastSynced at={data.last_synced_at} syncing={syncBusy} /> : null}
      {syncFailed ? <AlertMessage plain>{SYNC_DID_NOT_FINISH}</AlertMessage> : null}
      {status.isError ? <AlertMessage plain>{GOOGLE_CONNECT_MESSAGES.connectionError}</AlertMessage> : null}
      {error ? <AlertMessage plain>{error}</AlertMessage> : null}
      <DisconnectDialog
        provider="Google"
        description="Pipewise will lose access to your Gmail drafts and calendar, and your synced Google meetings will be removed."
        open={confirming}
        onOpenChange={setConfirming}
        busy={disconnect.isPending}
        onConfirm={confirmDisconnect}
      />
    </IntegrationCard>
  );
}
