import { useEffect, useRef, type ReactNode } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import type { LucideIcon } from 'lucide-react';
import { Card } from '../../../components/ui/card';
import { Dialog, DialogActions } from '../../../components/ui/dialog';

export type IntegrationBadge = { label: string; tone: 'badge-neutral' | 'badge-success' | 'badge-warning' | 'badge-danger' };

const CHECKING: IntegrationBadge = { label: 'Checking…', tone: 'badge-neutral' };
const CONNECTING: IntegrationBadge = { label: 'Connecting…', tone: 'badge-neutral' };

type IntegrationCardProps = {
  /** Names the heading's id (integration-{id}), which names the card. */
  id: string;
  name: string;
  icon: LucideIcon;
  description: string;
  /** The connection's state; null while it is not known yet ('Checking…'). */
  badge: IntegrationBadge | null;
  /** A connect is being finished: the badge says so whatever the state was. */
  connecting?: boolean;
  /** The buttons at the card's foot. */
  actions: ReactNode;
  /** Status lines, progress and errors, between the description and the foot. */
  children?: ReactNode;
};

/** One card of the Integrations section: icon and name, what it is for, its details, then its state and buttons. */
export function IntegrationCard({ id, name, icon: Icon, description, badge, connecting = false, actions, children }: IntegrationCardProps) {
  const shown = connecting ? CONNECTING : (badge ?? CHECKING);
  return (
    <Card as="li" className="integration-card" aria-labelledby={`integration-${id}`}>
      <div className="integration-card-head">
        <span className="integration-icon" aria-hidden="true">
          <Icon size={22} />
        </span>
        <h3 className="integration-name" id={`integration-${id}`}>
          {name}
        </h3>
      </div>
      <p className="muted integration-description">{description}</p>
      {children}
      <div className="integration-card-foot">
        <span className={`badge ${shown.tone}`}>{shown.label}</span>
        <div className="integration-actions">{actions}</div>
      </div>
    </Card>
  );
}

type DisconnectDialogProps = {
  provider: string;
  /** What disconnecting does, said before the user confirms. */
  description: string;
  open: boolean;
  onOpenChange: (open: boolean) => void;
  busy: boolean;
  onConfirm: () => void;
};

/** 'Disconnect {provider}?' with Cancel and Disconnect ('Disconnecting…'). */
export function DisconnectDialog({ provider, description, open, onOpenChange, busy, onConfirm }: DisconnectDialogProps) {
  return (
    <Dialog open={open} onOpenChange={onOpenChange} title={`Disconnect ${provider}?`} description={description}>
      <DialogActions label="Disconnect" busyLabel="Disconnecting…" busy={busy} onConfirm={onConfirm} focusConfirm />
    </Dialog>
  );
}

/**
 * When a sync or import the card shows ends, other screens' data (deals, meetings, calls…) may have
 * changed: every query is marked stale, to be read afresh when next shown.
 */
export function useStaleAfterSync(running: boolean) {
  const queryClient = useQueryClient();
  const wasRunning = useRef(running);
  useEffect(() => {
    if (wasRunning.current && !running) void queryClient.invalidateQueries({ refetchType: 'none' });
    wasRunning.current = running;
  }, [running, queryClient]);
}
