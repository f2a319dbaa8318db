import { useEffect, useRef, useState, type FocusEvent } from 'react';
import { Link, useLocation } from 'react-router';
import { NAV_ITEMS } from './nav-items';

export const SIDEBAR_COLLAPSE_DELAY_MS = 300;

const trimSlash = (path: string) => (path.length > 1 ? path.replace(/\/+$/, '') : path);

/** Home's link is /dashboard/ (the spec's) yet it must light up on /dashboard too. */
export function isActivePath(pathname: string, to: string, end = false): boolean {
  const here = trimSlash(pathname);
  const target = trimSlash(to);
  return end ? here === target : here === target || here.startsWith(`${target}/`);
}

type SidebarProps = { onNavigate: (label: string) => void };

export function Sidebar({ onNavigate }: SidebarProps) {
  const { pathname } = useLocation();
  const [expanded, setExpanded] = useState(false);
  // Closing because focus moved on: no width animation, which for 180 ms would lie over the focused control.
  const [closedByFocus, setClosedByFocus] = useState(false);
  const collapseTimer = useRef<number | null>(null);

  const cancelCollapse = () => {
    if (collapseTimer.current !== null) window.clearTimeout(collapseTimer.current);
    collapseTimer.current = null;
  };
  const expand = () => {
    cancelCollapse();
    setClosedByFocus(false);
    setExpanded(true);
  };
  const scheduleCollapse = () => {
    cancelCollapse();
    collapseTimer.current = window.setTimeout(() => setExpanded(false), SIDEBAR_COLLAPSE_DELAY_MS);
  };
  // Under the mouse it stays open until the mouse leaves.
  const hovered = useRef(false);
  const onBlur = (event: FocusEvent<HTMLElement>) => {
    const next = event.relatedTarget as Node | null;
    if (event.currentTarget.contains(next) || hovered.current) return;
    // Focus gone to another control (Tab on a keyboard): the open panel would lie over it, so it closes at once.
    if (next) {
      cancelCollapse();
      setClosedByFocus(true);
      setExpanded(false);
    } else scheduleCollapse();
  };

  useEffect(() => cancelCollapse, []);

  return (
    <aside
      className="sidebar"
      data-expanded={expanded}
      data-instant={closedByFocus || undefined}
      onMouseEnter={() => {
        hovered.current = true;
        expand();
      }}
      onMouseLeave={() => {
        hovered.current = false;
        scheduleCollapse();
      }}
      onFocus={expand}
      onBlur={onBlur}
    >
      <div className="sidebar-brand">
        <span className="logo-mark" aria-hidden="true">
          P
        </span>
        {expanded ? <span className="wordmark">Pipewise</span> : <span className="sr-only">Pipewise</span>}
      </div>
      <nav aria-label="Main">
        <ul className="sidebar-list">
          {NAV_ITEMS.map(({ label, to, icon: Icon, end }) => (
            <li key={label}>
              <Link
                to={to}
                className="sidebar-link"
                aria-current={isActivePath(pathname, to, end) ? 'page' : undefined}
                onClick={() => {
                  onNavigate(label);
                  expand();
                  window.scrollTo({ top: 0 });
                }}
              >
                <Icon size={20} aria-hidden="true" className="sidebar-icon" />
                <span className={expanded ? 'sidebar-label' : 'sr-only'}>{label}</span>
              </Link>
            </li>
          ))}
        </ul>
      </nav>
    </aside>
  );
}
