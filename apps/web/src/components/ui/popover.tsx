import * as RadixPopover from '@radix-ui/react-popover';
import type { ReactNode } from 'react';
import './dropdown.css';

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
export function Popover({ open, onOpenChange, trigger, triggerClassName = 'btn btn-secondary dropdown-trigger', panelLabel, align = 'start', children }: PopoverProps) {
  return (
    <RadixPopover.Root open={open} onOpenChange={onOpenChange}>
      <RadixPopover.Trigger className={triggerClassName}>{trigger}</RadixPopover.Trigger>
      <RadixPopover.Portal>
        <RadixPopover.Content className="dropdown-panel" role="group" aria-label={panelLabel} align={align} sideOffset={6} collisionPadding={16}>
          {children}
        </RadixPopover.Content>
      </RadixPopover.Portal>
    </RadixPopover.Root>
  );
}
