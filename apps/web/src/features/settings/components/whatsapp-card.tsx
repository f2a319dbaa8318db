import { useRef, useState } from 'react';
import { MessageCircle } from 'lucide-react';
import { toast } from 'sonner';
import type { TWhatsappStatus } from '@pipewise/contract/whatsapp';
import { WHATSAPP_NUMBER_MESSAGES as MSG } from '@pipewise/contract/users';
import { AlertMessage } from '../../../components/ui/alert-message';
import { Button } from '../../../components/ui/button';
import { Dialog } from '../../../components/ui/dialog';
import { useRemoveWhatsappNumber, useWhatsappStatus, whatsappActionError } from '../api/whatsapp-status';
import { ConfirmDialog, IntegrationCard, type IntegrationBadge } from './integration-card';
import { WHATSAPP_CODE_INPUT_ID, WhatsappCodeForm } from './whatsapp-code-form';
import { WhatsappNotifications } from './whatsapp-notifications';
import { WhatsappNumberForm } from './whatsapp-number-form';

export const WHATSAPP_SAVED = 'WhatsApp number saved.';
export const WHATSAPP_VERIFIED = 'Your WhatsApp number is verified.';
export const WHATSAPP_REMOVED = 'WhatsApp number removed.';
export const WHATSAPP_OUTBOX_NOTE =
  "Local trial: WhatsApp messages are not sent; they are written to the server's outbox (outbox/whatsapp in its data folder).";

const BADGES = {
  none: { label: 'Not connected', tone: 'badge-neutral' },
  unverified: { label: 'Not verified', tone: 'badge-warning' },
  verified: { label: 'Verified', tone: 'badge-success' },
} satisfies Record<string, IntegrationBadge>;

const badgeOf = (status: TWhatsappStatus): IntegrationBadge =>
  !status.phone_number ? BADGES.none : status.verified ? BADGES.verified : BADGES.unverified;

const CONNECT_ID = 'whatsapp-connect';

const removeText = (number: string) =>
  `Pipewise will forget ${number} and its notification choices, send nothing more to it and answer nothing from it. ` +
  'You can add a number again at any time.';

/**
 * The messaging app's card: Connect (no number yet) or Update opens the spec's number panel; a saved
 * number is then verified with the code sent to it; a verified one has its two opt-in notifications.
 */
export function WhatsappCard({ callerEmail }: { callerEmail: string }) {
  const status = useWhatsappStatus();
  const remove = useRemoveWhatsappNumber();
  const [open, setOpen] = useState(false);
  const [confirming, setConfirming] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);
  const [justVerified, setJustVerified] = useState(false);
  // Focus after a dialog whose outcome removed or added what comes next: the code asked for, or Connect.
  const focusNext = useRef<string | null>(null);
  const data = status.data;
  const number = data?.phone_number ?? null;
  /** Sends focus where the dialog's outcome says (if that is on screen) instead of back to its opener. */
  const focusNextInstead = (event: Event) => {
    const target = focusNext.current ? document.getElementById(focusNext.current) : null;
    focusNext.current = null;
    if (!target) return;
    event.preventDefault();
    target.focus();
  };

  const confirmRemove = () =>
    remove.mutate(undefined, {
      onSuccess: () => {
        focusNext.current = CONNECT_ID;
        setConfirming(false);
        setFailure(null);
        setJustVerified(false);
        toast.success(WHATSAPP_REMOVED);
      },
      onError: (error) => {
        setConfirming(false);
        setFailure(whatsappActionError(error, 'remove'));
      },
    });

  return (
    <IntegrationCard
      id="whatsapp"
      name="WhatsApp"
      icon={MessageCircle}
      description="Messaging: your own WhatsApp number, for reaching the assistant from your phone."
      badge={data ? badgeOf(data) : null}
      actions={
        <>
          <Button
            id={CONNECT_ID}
            variant={number ? 'secondary' : 'primary'}
            className="btn-small"
            disabled={!status.isSuccess}
            onClick={() => setOpen(true)}
            aria-label={number ? 'Update WhatsApp number' : 'Connect WhatsApp'}
          >
            {number ? 'Update' : 'Connect'}
          </Button>
          {number ? (
            <Button variant="secondary" className="btn-small" disabled={remove.isPending} onClick={() => setConfirming(true)}>
              Remove number
            </Button>
          ) : null}
        </>
      }
    >
      {number ? (
        <p className="integration-message">
          Your number: <span className="integration-value">{number}</span>
        </p>
      ) : null}
      {data && number && !data.verified ? (
        <WhatsappCodeForm
          status={data}
          onVerified={() => {
            setJustVerified(true);
            toast.success(WHATSAPP_VERIFIED);
          }}
        />
      ) : null}
      {data && number && data.verified ? <WhatsappNotifications notifications={data.notifications} focusOnShow={justVerified} /> : null}
      {data?.delivery === 'outbox' ? <p className="muted whatsapp-outbox-note">{WHATSAPP_OUTBOX_NOTE}</p> : null}
      {status.isError ? <AlertMessage plain>{MSG.connectionError}</AlertMessage> : null}
      {failure ? <AlertMessage plain>{failure}</AlertMessage> : null}
      <Dialog
        open={open}
        onOpenChange={setOpen}
        title="WhatsApp number"
        description="The number you use WhatsApp with, country code included (for example +91 98765 43210)."
        onCloseAutoFocus={focusNextInstead}
      >
        {/* Mounted only while open: every opening starts from the saved number. */}
        <WhatsappNumberForm
          callerEmail={callerEmail}
          initial={number ?? ''}
          onSaved={() => {
            focusNext.current = WHATSAPP_CODE_INPUT_ID;
            setFailure(null);
            setJustVerified(false);
            toast.success(WHATSAPP_SAVED);
            setOpen(false);
          }}
        />
      </Dialog>
      <ConfirmDialog
        title="Remove your WhatsApp number?"
        description={removeText(number ?? 'the number')}
        label="Remove"
        busyLabel="Removing…"
        open={confirming}
        onOpenChange={setConfirming}
        busy={remove.isPending}
        onConfirm={confirmRemove}
        onCloseAutoFocus={focusNextInstead}
      />
    </IntegrationCard>
  );
}
