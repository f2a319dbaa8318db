import { Check } from 'lucide-react';
import {
  createContext,
  useContext,
  useId,
  useRef,
  type FocusEvent,
  type KeyboardEvent,
  type PointerEvent,
  type ReactNode,
  type RefObject,
} from 'react';
import { lazyModule, useLazyModule } from './lazy-module';
import './dropdown.css';

/**
 * Radix DropdownMenu, loaded when a menu is first opened: until then a screen shows plain trigger
 * buttons that look and read the same, and its first paint does not wait for the menu code.
 */
const radixMenu = lazyModule(() => import('@radix-ui/react-dropdown-menu'));
/** Inside an open menu, where the module is always loaded. */
const menu = () => radixMenu.get()!;

/** The open menu's trigger, which takes focus back the moment an item closes the menu. */
const TriggerContext = createContext<RefObject<HTMLButtonElement | null> | null>(null);

/** For screens and tests that want the menus ready at once. */
export const loadMenus = () => radixMenu.load();

type DropdownProps = {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /** Visible content of the trigger button. */
  trigger: ReactNode;
  /** Accessible name of the trigger when its content is only an icon. */
  triggerLabel?: string;
  triggerClassName?: string;
  /** Names the menu for assistive technology. */
  panelLabel: string;
  align?: 'start' | 'end';
  children: ReactNode;
};

/**
 * A trigger button and the menu it opens (Radix DropdownMenu). Open state is controlled, so a
 * screen can keep only one open at a time. Non-modal: a click outside closes it and lands where it
 * was aimed (e.g. on the next menu's trigger). Radix gives arrow-key, Home/End and type-ahead
 * navigation, opens on Enter, Space or ArrowDown, and Escape returns focus to the trigger.
 */
export function Dropdown({
  open,
  onOpenChange,
  trigger,
  triggerLabel,
  triggerClassName = 'btn btn-secondary dropdown-trigger',
  panelLabel,
  align = 'start',
  children,
}: DropdownProps) {
  const DropdownMenu = useLazyModule(radixMenu, open, () => onOpenChange(false));
  const triggerRef = useRef<HTMLButtonElement>(null);
  if (!DropdownMenu) {
    // Radix's trigger, closed, until the code is here: it opens the same way (a primary-button
    // press, Enter, Space or ArrowDown); the menu then shows and takes focus.
    const onPointerDown = (event: PointerEvent<HTMLButtonElement>) => {
      if (event.button !== 0 || event.ctrlKey) return;
      event.preventDefault();
      onOpenChange(true);
    };
    const onKeyDown = (event: KeyboardEvent<HTMLButtonElement>) => {
      if (event.key !== 'Enter' && event.key !== ' ' && event.key !== 'ArrowDown') return;
      event.preventDefault();
      onOpenChange(true);
    };
    return (
      <button
        type="button"
        className={triggerClassName}
        aria-label={triggerLabel}
        aria-haspopup="menu"
        aria-expanded={false}
        data-state="closed"
        onPointerDown={onPointerDown}
        onKeyDown={onKeyDown}
      >
        {trigger}
      </button>
    );
  }
  return (
    <TriggerContext.Provider value={triggerRef}>
      <DropdownMenu.Root open={open} onOpenChange={onOpenChange} modal={false}>
        <DropdownMenu.Trigger ref={triggerRef} className={triggerClassName} aria-label={triggerLabel}>
          {trigger}
        </DropdownMenu.Trigger>
        <DropdownMenu.Portal>
          <MenuPanel label={panelLabel} align={align}>
            {children}
          </MenuPanel>
        </DropdownMenu.Portal>
      </DropdownMenu.Root>
    </TriggerContext.Provider>
  );
}

/**
 * The open menu. However it was opened, focus starts on its first enabled item, so ArrowDown moves
 * on from there (Radix alone focuses the menu itself after a click). Mounted anew on every opening.
 */
function MenuPanel({ label, align, children }: { label: string; align: 'start' | 'end'; children: ReactNode }) {
  const firstFocus = useRef(true);
  const onFocus = (event: FocusEvent<HTMLDivElement>) => {
    if (event.target !== event.currentTarget || !firstFocus.current) return;
    firstFocus.current = false;
    event.currentTarget.querySelector<HTMLElement>('[role^="menuitem"]:not([data-disabled])')?.focus({ preventScroll: true });
  };
  const DropdownMenu = menu();
  return (
    <DropdownMenu.Content
      className="popup-panel dropdown-panel dropdown-panel-menu"
      align={align}
      sideOffset={6}
      collisionPadding={16}
      // Named by its label rather than by the trigger, whose name carries the selection count.
      aria-labelledby={undefined}
      aria-label={label}
      onFocus={onFocus}
    >
      {children}
    </DropdownMenu.Content>
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
  const DropdownMenu = menu();
  const trigger = useContext(TriggerContext);
  const select = (event: Event) => {
    if (!closeOnSelect) event.preventDefault();
    // Radix gives focus back to the trigger only after the menu has unmounted (a timer later), so
    // for that moment it would sit on <body>; an item that closes the menu hands it over at once.
    else trigger?.current?.focus({ preventScroll: true });
    onSelect();
  };
  if (checked === undefined) {
    return (
      <DropdownMenu.Item className="menu-item" disabled={disabled} onSelect={select}>
        {children}
      </DropdownMenu.Item>
    );
  }
  return (
    <DropdownMenu.CheckboxItem className="menu-item" checked={checked} disabled={disabled} onSelect={select}>
      <span className="menu-item-check" aria-hidden="true">
        {checked ? <Check size={14} /> : null}
      </span>
      {children}
    </DropdownMenu.CheckboxItem>
  );
}

/** A line of text in place of items, e.g. 'No pipelines'. */
export function MenuEmpty({ children }: { children: ReactNode }) {
  const DropdownMenu = menu();
  return (
    <DropdownMenu.Item className="dropdown-empty" disabled>
      {children}
    </DropdownMenu.Item>
  );
}

/** A labelled run of menu items, e.g. one pipeline's stages. */
export function MenuGroup({ label, children }: { label: string; children: ReactNode }) {
  const id = useId();
  const DropdownMenu = menu();
  return (
    <DropdownMenu.Group aria-labelledby={id} className="menu-group">
      <DropdownMenu.Label id={id} className="menu-group-label">
        {label}
      </DropdownMenu.Label>
      {children}
    </DropdownMenu.Group>
  );
}
