import { useEffect, useRef, useState } from 'react';
import { useSearchParams } from 'react-router';
import { Workflow } from 'lucide-react';
import {
  builtinDealsMessage,
  HUBSPOT_CONNECT_MESSAGES as MSG,
  type THubspotState,
  type THubspotStatus,
  type TSyncPhase,
  type TSyncProgress,
} from '@pipewise/contract/integrations';
import { AlertMessage } from '../../../components/ui/alert-message';
import { Button } from '../../../components/ui/button';
import {
  hubspotErrorMessage,
  syncSignatureOf,
  useConnectHubspot,
  useDisconnectHubspot,
  useExchangeHubspotCode,
  useHubspotStatus,
  useSyncHubspot,
} from '../api/hubspot';
import { ConfirmDialog, DisconnectDialog, IntegrationCard, useStaleAfterSync, type IntegrationBadge } from './integration-card';
import { LastSynced } from './last-synced';
import { providerReturnFrom, withoutProviderReturn } from './provider-return';

const BADGES: Record<THubspotState, IntegrationBadge> = {
  not_configured: { label: 'Not configured', tone: 'badge-neutral' },
  not_connected: { label: 'Not connected', tone: 'badge-neutral' },
  connected: { label: 'Connected', tone: 'badge-success' },
  broken: { label: 'Connection failed', tone: 'badge-danger' },
};

const PHASE_LABEL: Record<TSyncPhase, string> = {
  pipelines: 'pipelines and stages',
  owners: 'owners',
  companies: 'companies',
  contacts: 'contacts',
  deals: 'deals',
  associations: 'associations',
  archived: 'deleted records',
};

const DISCONNECT_TEXT =
  'Pipewise will stop using your HubSpot login: your access is revoked at HubSpot and forgotten here. ' +
  'Your records in HubSpot stay as they are.';

/** How long the card waits for an import or sync it started to show in the status. */
const FOLLOW_MS = 120_000;
/** The status before any is known: what a workspace not on HubSpot answers. */
const INITIAL: THubspotStatus = {
  configured: true,
  state: 'not_connected',
  hub_id: null,
  user_connected: false,
  source: 'builtin',
  last_synced_at: null,
  sync: { state: 'idle', phase: null, done: 0, total: 0, percent: 0, message: null },
};

const count = (n: number) => n.toLocaleString('en-US');

function statusMessage(status: THubspotStatus): string | null {
  if (!status.configured || status.state === 'not_configured') return MSG.notConfigured;
  if (status.state === 'broken') return MSG.broken;
  if (status.state === 'connected') return status.hub_id === null ? null : `Connected to HubSpot account ${status.hub_id}.`;
  if (status.source === 'hubspot' && status.hub_id !== null)
    return `This workspace uses HubSpot account ${status.hub_id}. Connect your own HubSpot login to use Pipewise with it.`;
  return null;
}

/** The import or sync: counts and a percent while it runs, then a clear end state. */
function SyncProgress({ sync }: { sync: TSyncProgress }) {
  if (sync.state === 'running') {
    const what = sync.phase ? PHASE_LABEL[sync.phase] : 'records';
    const percent = Math.round(sync.percent);
    return (
      <div className="integration-progress">
        <p className="integration-progress-text" role="status">
          {sync.total > 0
            ? `Importing ${what}: ${count(sync.done)} of ${count(sync.total)} records (${percent}%)`
            : `Importing ${what}: counting records…`}
        </p>
        <progress className="integration-progress-bar" max={100} value={percent} aria-label="HubSpot import progress" />
      </div>
    );
  }
  if (sync.state === 'done') return <p className="integration-done">{sync.message ?? `Import complete: ${count(sync.done)} records.`}</p>;
  if (sync.state === 'failed')
    return <AlertMessage plain>{sync.message ?? 'The HubSpot import failed. Press Sync now to try again.'}</AlertMessage>;
  return null;
}

/**
 * The CRM provider's card: Connect (to HubSpot's authorize page), Connected, Retry after a failure;
 * finishes a connect when HubSpot sends the user back; import progress, last synced, Sync now and
 * Disconnect (after a confirmation).
 */
export function HubspotCard({ callerEmail }: { callerEmail: string }) {
  const [params, setParams] = useSearchParams();
  // An import or sync this card started, until the status shows it ran: the status's signature then.
  const following = useRef<string | null>(null);
  const [follow, setFollow] = useState<string | null>(null);
  const status = useHubspotStatus(following);
  const connect = useConnectHubspot();
  const exchange = useExchangeHubspotCode(callerEmail);
  const sync = useSyncHubspot();
  const disconnect = useDisconnectHubspot();
  const [confirming, setConfirming] = useState(false);
  // HubSpot's return as the page opened with it: an error there is shown from the first render.
  const [arrival] = useState(() => providerReturnFrom(params, 'hubspot'));
  const [error, setError] = useState<string | null>(arrival && !arrival.ok ? MSG.authFailed : null);
  const [failedConnect, setFailedConnect] = useState(Boolean(arrival && !arrival.ok));
  const handled = useRef(false);

  const startFollowing = (from: THubspotStatus | undefined) => {
    if (!from) return;
    const signature = syncSignatureOf(from);
    following.current = signature;
    setFollow(signature);
    // A job that never shows is not followed for ever.
    window.setTimeout(() => {
      if (following.current !== signature) return;
      following.current = null;
      setFollow(null);
    }, FOLLOW_MS);
  };

  // Back from HubSpot: exchange the code once, then clear the address so a reload does not repeat it.
  useEffect(() => {
    if (!arrival || handled.current) return;
    handled.current = true;
    setParams((current) => withoutProviderReturn(current), { replace: true });
    if (arrival.ok) {
      // The status as it was: a workspace not on HubSpot yet gets its first import from this connect.
      const before = status.data;
      exchange.mutate(arrival.value, {
        onSuccess: () => {
          setError(null);
          setFailedConnect(false);
          if (!before || before.source !== 'hubspot') startFollowing(before ?? INITIAL);
        },
        onError: (e) => {
          setError(hubspotErrorMessage(e, 'exchange'));
          setFailedConnect(true);
        },
      });
    }
    // Once, on arrival: the status and the follow helper as they were then are what it needs.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [arrival, setParams, exchange]);

  // An import or sync that just ended changed deals, companies and contacts.
  const running = status.data?.sync.state === 'running';
  useStaleAfterSync(running);

  // Deals made in Pipewise: the admin says yes to what happens to them first (docs/decisions/0018).
  const [askingBuiltIn, setAskingBuiltIn] = useState(false);
  const builtInDeals = status.data?.source === 'builtin' ? (status.data.builtin_deals ?? 0) : 0;
  const startConnect = (confirmed = false) => {
    setError(null);
    if (builtInDeals > 0 && !confirmed) return setAskingBuiltIn(true);
    setAskingBuiltIn(false);
    connect.mutate(confirmed, {
      onError: (e) => {
        setError(hubspotErrorMessage(e, 'connect'));
        setFailedConnect(true);
      },
    });
  };
  const syncNow = () => {
    setError(null);
    const before = status.data;
    sync.mutate(undefined, {
      onSuccess: () => startFollowing(before),
      onError: (e) => setError(hubspotErrorMessage(e, 'action')),
    });
  };
  const confirmDisconnect = () =>
    disconnect.mutate(undefined, {
      onSuccess: () => setConfirming(false),
      onError: (e) => {
        setConfirming(false);
        setError(hubspotErrorMessage(e, 'action'));
      },
    });

  const data = status.data;
  const busy = connect.isPending || exchange.isPending;
  const configured = Boolean(data?.configured && data.state !== 'not_configured');
  const badge = data ? BADGES[configured ? data.state : 'not_configured'] : null;
  const message = data ? statusMessage(data) : null;
  const connected = data?.state === 'connected';
  const retry = data?.state === 'broken' || failedConnect;
  const followed = Boolean(follow && data && syncSignatureOf(data) === follow);
  const syncBusy = sync.isPending || running || followed;

  return (
    <IntegrationCard
      id="hubspot"
      name="HubSpot"
      icon={Workflow}
      description="Your CRM: deals, companies and contacts, and the assistant’s CRM commands."
      badge={badge}
      connecting={exchange.isPending}
      actions={
        <>
          {data && !connected ? (
            <Button
              className="btn-small"
              disabled={!configured || busy}
              onClick={() => startConnect()}
              aria-label={busy ? undefined : `${retry ? 'Retry' : 'Connect'} HubSpot`}
            >
              {busy ? 'Connecting…' : retry ? 'Retry' : 'Connect'}
            </Button>
          ) : null}
          {connected ? (
            <>
              <Button variant="secondary" className="btn-small" disabled={syncBusy} aria-busy={syncBusy || undefined} onClick={syncNow}>
                {syncBusy ? 'Syncing…' : 'Sync now'}
              </Button>
              <Button variant="secondary" className="btn-small" disabled={disconnect.isPending} onClick={() => setConfirming(true)}>
                Disconnect
              </Button>
            </>
          ) : null}
        </>
      }
    >
      {message ? <p className="integration-message">{message}</p> : null}
      {data && (connected || data.source === 'hubspot') ? <SyncProgress sync={data.sync} /> : null}
      {connected && data && !running ? <LastSynced at={data.last_synced_at} syncing={sync.isPending || followed} /> : null}
      {status.isError ? <AlertMessage plain>{MSG.cardFailed}</AlertMessage> : null}
      {error ? <AlertMessage plain>{error}</AlertMessage> : null}
      <ConfirmDialog
        title="Connect HubSpot over your Pipewise deals?"
        description={builtinDealsMessage(builtInDeals)}
        label="Connect anyway"
        busyLabel="Connecting…"
        open={askingBuiltIn}
        onOpenChange={setAskingBuiltIn}
        busy={connect.isPending}
        onConfirm={() => startConnect(true)}
      />
      <DisconnectDialog
        provider="HubSpot"
        description={DISCONNECT_TEXT}
        open={confirming}
        onOpenChange={setConfirming}
        busy={disconnect.isPending}
        onConfirm={confirmDisconnect}
      />
    </IntegrationCard>
  );
}
