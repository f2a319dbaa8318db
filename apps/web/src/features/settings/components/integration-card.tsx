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

type ConfirmDialogProps = {
  title: string;
  /** What confirming does, said before the user confirms. */
  description: string;
  /** The confirming button's text, and its text while the action runs. */
  label: string;
  busyLabel: string;
  open: boolean;
  onOpenChange: (open: boolean) => void;
  busy: boolean;
  onConfirm: () => void;
  /** Where focus goes on close when the opener may be gone (see Dialog). */
  onCloseAutoFocus?: (event: Event) => void;
};

/** A question before a card's undoable-only-by-hand action: Cancel, and the action's button (focused). */
export function ConfirmDialog({ title, description, label, busyLabel, busy, onConfirm, ...dialog }: ConfirmDialogProps) {
  return (
    <Dialog title={title} description={description} {...dialog}>
      <DialogActions label={label} busyLabel={busyLabel} busy={busy} onConfirm={onConfirm} focusConfirm />
    </Dialog>
  );
}

type DisconnectDialogProps = Omit<ConfirmDialogProps, 'title' | 'label' | 'busyLabel'> & { provider: string };

/** 'Disconnect {provider}?' with Cancel and Disconnect ('Disconnecting…'). */
export function DisconnectDialog({ provider, ...rest }: DisconnectDialogProps) {
  return <ConfirmDialog title={`Disconnect ${provider}?`} label="Disconnect" busyLabel="Disconnecting…" {...rest} />;
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
