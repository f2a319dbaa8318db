import type { ReactNode } from 'react';
import { lazyModule, useLazyModule } from './lazy-module';
import './dropdown.css';

/** Radix Popover, loaded when a panel is first opened (as the menus are: see dropdown.tsx). */
const radixPopover = lazyModule(() => import('@radix-ui/react-popover'));

/** For screens and tests that want the panels ready at once. */
export const loadPopovers = () => radixPopover.load();

type PopoverProps = {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /** Visible content of the trigger button. */
  trigger: ReactNode;
  triggerClassName?: string;
  /** Names the panel for assistive technology. */
  panelLabel: string;
  align?: 'start' | 'end';
  children: ReactNode;
};

/**
 * A trigger button and a panel of ordinary controls (e.g. date inputs), which a menu cannot hold:
 * Radix Popover, non-modal. Focus moves to the panel's first control; Escape or a click outside
 * closes it, and closing returns focus to the trigger.
 */
export function Popover({
  open,
  onOpenChange,
  trigger,
  triggerClassName = 'btn btn-secondary dropdown-trigger',
  panelLabel,
  align = 'start',
  children,
}: PopoverProps) {
  const RadixPopover = useLazyModule(radixPopover, open, () => onOpenChange(false));
  if (!RadixPopover) {
    // Radix's trigger, closed, until the code is here: a click (or Enter, Space) opens the panel.
    return (
      <button
        type="button"
        className={triggerClassName}
        aria-haspopup="dialog"
        aria-expanded={false}
        data-state="closed"
        onClick={() => onOpenChange(true)}
      >
        {trigger}
      </button>
    );
  }
  return (
    <RadixPopover.Root open={open} onOpenChange={onOpenChange}>
      <RadixPopover.Trigger className={triggerClassName}>{trigger}</RadixPopover.Trigger>
      <RadixPopover.Portal>
        <RadixPopover.Content
          className="popup-panel dropdown-panel"
          role="group"
          aria-label={panelLabel}
          align={align}
          sideOffset={6}
          collisionPadding={16}
        >
          {children}
        </RadixPopover.Content>
      </RadixPopover.Portal>
    </RadixPopover.Root>
  );
}
