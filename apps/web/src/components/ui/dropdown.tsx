import { Check } from 'lucide-react';
import { createContext, useContext, useEffect, useId, useRef, type FocusEvent, type KeyboardEvent, type ReactNode } from 'react';
import './dropdown.css';

type DropdownProps = {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /** Visible content of the trigger button. */
  trigger: ReactNode;
  /** Accessible name of the trigger when its content is only an icon. */
  triggerLabel?: string;
  triggerClassName?: string;
  /** 'menu': menu items moved through with the arrow keys; 'panel': other controls, e.g. date inputs. */
  kind?: 'menu' | 'panel';
  /** Names the menu or panel for assistive technology. */
  panelLabel: string;
  align?: 'start' | 'end';
  children: ReactNode;
};

const ITEM_SELECTOR = '[role="menuitem"], [role="menuitemcheckbox"], [role="menuitemradio"]';
const FOCUSABLE_SELECTOR = 'input, select, textarea, button, [href], [tabindex]:not([tabindex="-1"])';

/** Closes the surrounding dropdown and puts focus back on its trigger. */
const DropdownCloseContext = createContext<() => void>(() => {});
export const useDropdownClose = () => useContext(DropdownCloseContext);

/**
 * A trigger button and the panel it opens. Open state is controlled, so a screen can keep only one
 * open at a time. Closes on a click outside, on Escape (focus returns to the trigger) and when focus
 * leaves it; a menu gets arrow-key, Home and End navigation between its items.
 */
export function Dropdown({
  open,
  onOpenChange,
  trigger,
  triggerLabel,
  triggerClassName = 'btn btn-secondary dropdown-trigger',
  kind = 'menu',
  panelLabel,
  align = 'start',
  children,
}: DropdownProps) {
  const rootRef = useRef<HTMLDivElement>(null);
  const triggerRef = useRef<HTMLButtonElement>(null);
  const panelRef = useRef<HTMLDivElement>(null);
  const panelId = useId();

  useEffect(() => {
    if (!open) return;
    const onMouseDown = (event: MouseEvent) => {
      if (!rootRef.current?.contains(event.target as Node)) onOpenChange(false);
    };
    document.addEventListener('mousedown', onMouseDown);
    return () => document.removeEventListener('mousedown', onMouseDown);
  }, [open, onOpenChange]);

  useEffect(() => {
    if (!open) return;
    const selector = kind === 'menu' ? ITEM_SELECTOR : FOCUSABLE_SELECTOR;
    panelRef.current?.querySelector<HTMLElement>(selector)?.focus();
  }, [open, kind]);

  const close = () => {
    onOpenChange(false);
    triggerRef.current?.focus();
  };

  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    if (!open) return;
    if (event.key === 'Escape') {
      event.preventDefault();
      event.stopPropagation();
      close();
      return;
    }
    if (kind !== 'menu') return;
    const items = [...(panelRef.current?.querySelectorAll<HTMLElement>(ITEM_SELECTOR) ?? [])];
    if (items.length === 0) return;
    const index = items.indexOf(document.activeElement as HTMLElement);
    const next: Record<string, number> = {
      ArrowDown: (index + 1) % items.length,
      ArrowUp: index <= 0 ? items.length - 1 : index - 1,
      Home: 0,
      End: items.length - 1,
    };
    const target = next[event.key];
    if (target !== undefined) {
      event.preventDefault();
      items[target]?.focus();
    }
  };

  const onBlur = (event: FocusEvent<HTMLDivElement>) => {
    const to = event.relatedTarget;
    if (open && to instanceof Node && !rootRef.current?.contains(to)) onOpenChange(false);
  };

  const onTriggerKeyDown = (event: KeyboardEvent<HTMLButtonElement>) => {
    if (!open && kind === 'menu' && event.key === 'ArrowDown') {
      event.preventDefault();
      onOpenChange(true);
    }
  };

  return (
    <div className="dropdown" ref={rootRef} onKeyDown={onKeyDown} onBlur={onBlur}>
      <button
        ref={triggerRef}
        type="button"
        className={triggerClassName}
        aria-haspopup={kind === 'menu' ? 'menu' : undefined}
        aria-expanded={open}
        aria-controls={open ? panelId : undefined}
        aria-label={triggerLabel}
        onClick={() => onOpenChange(!open)}
        onKeyDown={onTriggerKeyDown}
      >
        {trigger}
      </button>
      {open ? (
        <div ref={panelRef} id={panelId} className={`dropdown-panel dropdown-panel-${align}`} role={kind === 'menu' ? 'menu' : 'group'} aria-label={panelLabel}>
          <DropdownCloseContext value={close}>{children}</DropdownCloseContext>
        </div>
      ) : null}
    </div>
  );
}

type MenuItemProps = {
  children: ReactNode;
  onSelect: () => void;
  /** Makes it a menuitemcheckbox with this state. */
  checked?: boolean;
  disabled?: boolean;
  /** Defaults to true: choosing an item closes the menu. */
  closeOnSelect?: boolean;
};

export function MenuItem({ children, onSelect, checked, disabled = false, closeOnSelect = true }: MenuItemProps) {
  const close = useDropdownClose();
  return (
    <button
      type="button"
      role={checked === undefined ? 'menuitem' : 'menuitemcheckbox'}
      aria-checked={checked}
      aria-disabled={disabled || undefined}
      tabIndex={-1}
      className="menu-item"
      onClick={() => {
        if (disabled) return;
        onSelect();
        if (closeOnSelect) close();
      }}
    >
      {checked === undefined ? null : (
        <span className="menu-item-check" aria-hidden="true">
          {checked ? <Check size={14} /> : null}
        </span>
      )}
      {children}
    </button>
  );
}

/** A labelled run of menu items, e.g. one pipeline's stages. */
export function MenuGroup({ label, children }: { label: string; children: ReactNode }) {
  const id = useId();
  return (
    <div role="group" aria-labelledby={id} className="menu-group">
      <div id={id} className="menu-group-label" role="presentation">
        {label}
      </div>
      {children}
    </div>
  );
}
