import { useRef, type KeyboardEvent } from 'react';

export const CALL_TABS = ['your', 'team'] as const;
export type TCallsTab = (typeof CALL_TABS)[number];

const TAB_LABELS: Record<TCallsTab, string> = { your: 'Your', team: 'Team' };

type CallsTabsProps = {
  active: TCallsTab;
  onChange: (tab: TCallsTab) => void;
  /** Prefix for the tab and panel ids, which tie each tab to the panel it controls. */
  idBase: string;
};

export const tabId = (idBase: string, tab: TCallsTab) => `${idBase}-tab-${tab}`;
export const panelId = (idBase: string) => `${idBase}-panel`;

/** The Your / Team switch as ARIA tabs: one tab stop, arrow keys, Home and End move and select. */
export function CallsTabs({ active, onChange, idBase }: CallsTabsProps) {
  const refs = useRef<Partial<Record<TCallsTab, HTMLButtonElement | null>>>({});
  const onKeyDown = (event: KeyboardEvent) => {
    const index = CALL_TABS.indexOf(active);
    const moves: Record<string, number> = { ArrowRight: index + 1, ArrowLeft: index - 1, Home: 0, End: CALL_TABS.length - 1 };
    const target = moves[event.key];
    if (target === undefined) return;
    event.preventDefault();
    const next = CALL_TABS[(target + CALL_TABS.length) % CALL_TABS.length]!;
    onChange(next);
    refs.current[next]?.focus();
  };
  return (
    <div className="calls-tabs" role="tablist" aria-label="Calls" onKeyDown={onKeyDown}>
      {CALL_TABS.map((tab) => (
        <button
          key={tab}
          ref={(el) => {
            refs.current[tab] = el;
          }}
          type="button"
          role="tab"
          id={tabId(idBase, tab)}
          className="calls-tab"
          aria-selected={tab === active}
          aria-controls={panelId(idBase)}
          tabIndex={tab === active ? 0 : -1}
          onClick={() => onChange(tab)}
        >
          {TAB_LABELS[tab]}
        </button>
      ))}
    </div>
  );
}
