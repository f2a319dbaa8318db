import { AlertMessage } from './alert-message';
import { Dialog, DialogActions } from './dialog';

type ConfirmDialogProps = {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  title: string;
  /** What will happen, in the product's words. */
  message: string;
  label: string;
  busyLabel: string;
  busy: boolean;
  error: string | null;
  onConfirm: () => void;
};

/** Asks before an action that cannot be undone (a delete): Cancel, or the action's own button. */
export function ConfirmDialog({ open, onOpenChange, title, message, label, busyLabel, busy, error, onConfirm }: ConfirmDialogProps) {
  return (
    <Dialog open={open} onOpenChange={onOpenChange} title={title} description={message}>
      {error ? <AlertMessage>{error}</AlertMessage> : null}
      <DialogActions label={label} busyLabel={busyLabel} busy={busy} onConfirm={onConfirm} focusConfirm />
    </Dialog>
  );
}
