import * as RadixDialog from '@radix-ui/react-dialog';
import { X } from 'lucide-react';
import { useRef, type ReactNode } from 'react';
import { Button } from './button';

type DialogProps = {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  title: string;
  description?: string;
  children: ReactNode;
  /** On close focus returns to the opener; a dialog whose outcome shows something new may send it there instead. */
  onCloseAutoFocus?: (event: Event) => void;
};

/**
 * A modal dialog: titled, focus trapped and returned to the opener on close, closed by Escape,
 * the close button or a click outside (Radix's defaults). Focus starts on the element marked
 * `data-autofocus` (e.g. the first field), else on the first focusable one.
 */
export function Dialog({ open, onOpenChange, title, description, children, onCloseAutoFocus }: DialogProps) {
  const contentRef = useRef<HTMLDivElement>(null);
  // Radix gives focus back only to its own Trigger, which these controlled dialogs do not use: the
  // opener (what had focus as the dialog opened) is kept here, or closing would drop focus on <body>.
  const openerRef = useRef<HTMLElement | null>(null);
  const focusMarked = (event: Event) => {
    const opener = document.activeElement;
    openerRef.current = opener instanceof HTMLElement && opener !== document.body ? opener : null;
    const target = contentRef.current?.querySelector<HTMLElement>('[data-autofocus]');
    if (!target) return;
    event.preventDefault();
    target.focus();
  };
  const focusOpener = (event: Event) => {
    onCloseAutoFocus?.(event);
    if (event.defaultPrevented) return;
    event.preventDefault();
    if (openerRef.current?.isConnected) openerRef.current.focus();
  };
  return (
    <RadixDialog.Root open={open} onOpenChange={onOpenChange}>
      <RadixDialog.Portal>
        <RadixDialog.Overlay className="dialog-overlay" />
        <RadixDialog.Content
          ref={contentRef}
          className="dialog-content"
          onOpenAutoFocus={focusMarked}
          onCloseAutoFocus={focusOpener}
          // Radix moves focus round the trap without scrolling (Tab from the last field to the Close
          // button): a tall dialog scrolls the focused element into view itself.
          onFocus={(event) => event.target.scrollIntoView?.({ block: 'nearest' })}
          {...(description ? {} : { 'aria-describedby': undefined })}
        >
          <div className="dialog-header">
            <RadixDialog.Title className="dialog-title">{title}</RadixDialog.Title>
            <RadixDialog.Close className="icon-button dialog-close" aria-label="Close">
              <X size={18} aria-hidden="true" />
            </RadixDialog.Close>
          </div>
          {description ? <RadixDialog.Description className="dialog-description">{description}</RadixDialog.Description> : null}
          {children}
        </RadixDialog.Content>
      </RadixDialog.Portal>
    </RadixDialog.Root>
  );
}

/** Wraps a button that closes the surrounding dialog (e.g. Cancel). */
export const DialogClose = RadixDialog.Close;

type DialogActionsProps = {
  /** The confirming button's text, and its text while the action runs. */
  label: string;
  busyLabel: string;
  busy: boolean;
  /** Without it the confirming button submits the surrounding form. */
  onConfirm?: () => void;
  /** Focus starts on the confirming button (a dialog with nothing to fill in). */
  focusConfirm?: boolean;
};

/** A dialog's footer: Cancel (closes it) and the confirming button, both disabled while `busy`. */
export function DialogActions({ label, busyLabel, busy, onConfirm, focusConfirm = false }: DialogActionsProps) {
  return (
    <div className="dialog-actions">
      <DialogClose asChild>
        <Button variant="secondary" disabled={busy}>
          Cancel
        </Button>
      </DialogClose>
      <Button
        type={onConfirm ? 'button' : 'submit'}
        onClick={onConfirm}
        disabled={busy}
        aria-busy={busy || undefined}
        data-autofocus={focusConfirm || undefined}
      >
        {busy ? busyLabel : label}
      </Button>
    </div>
  );
}
