import { useEffect, useRef, useState } from 'react';
import { LogOut, Search, Sparkles } from 'lucide-react';
import type { TProfileResponse } from '@pipewise/contract/auth';
import { HeaderSearch } from '../../features/search/components/header-search';
import { ASSISTANT_PANEL_ID } from './assistant-panel';
import { initialsOf } from './header-title';

type HeaderProps = {
  title: string;
  profile: TProfileResponse | null | undefined;
  assistantOpen: boolean;
  onToggleAssistant: () => void;
  onLogout: () => void;
};

const HEADER_SEARCH_ID = 'header-search';

export function organizationLabel(profile: TProfileResponse | null | undefined): string {
  const name = profile?.organization_name?.trim() || profile?.database_record.organization_name?.trim();
  return name ? name.toUpperCase() : 'Organization';
}

export function Header({ title, profile, assistantOpen, onToggleAssistant, onLogout }: HeaderProps) {
  const displayName = profile?.name || profile?.email || '';
  // On a phone the search box has no room in the header: a button opens it in a row under the header.
  const [searchOpen, setSearchOpen] = useState(false);
  const headerRef = useRef<HTMLElement>(null);
  const searchToggleRef = useRef<HTMLButtonElement>(null);
  useEffect(() => {
    if (searchOpen) headerRef.current?.querySelector<HTMLInputElement>('.header-search input')?.focus();
  }, [searchOpen]);
  return (
    <header ref={headerRef} className={searchOpen ? 'app-header search-open' : 'app-header'}>
      <h1 className="app-header-title">{title}</h1>
      <HeaderSearch
        id={HEADER_SEARCH_ID}
        onDismiss={
          searchOpen
            ? (how) => {
                setSearchOpen(false);
                if (how === 'escape') searchToggleRef.current?.focus();
              }
            : undefined
        }
      />
      <div className="header-actions">
        <button
          ref={searchToggleRef}
          type="button"
          className="icon-button header-search-toggle"
          aria-label="Open search"
          aria-expanded={searchOpen}
          aria-controls={HEADER_SEARCH_ID}
          onClick={() => setSearchOpen((open) => !open)}
        >
          <Search size={18} aria-hidden="true" />
        </button>
        <button
          type="button"
          className="icon-button icon-button-accent"
          aria-label="Open assistant"
          aria-expanded={assistantOpen}
          aria-controls={assistantOpen ? ASSISTANT_PANEL_ID : undefined}
          onClick={onToggleAssistant}
        >
          <Sparkles size={18} aria-hidden="true" />
        </button>
        <button type="button" className="icon-button" aria-label="Logout" onClick={onLogout}>
          <LogOut size={18} aria-hidden="true" />
        </button>
        {/* Kept in place but unseen until the session check answers, so no placeholder name shows. */}
        <div className={profile ? 'header-user' : 'header-user header-user-pending'}>
          <span className="avatar" role="img" aria-label={displayName || 'User'}>
            {initialsOf(profile?.first_name ?? '', profile?.last_name ?? '', displayName)}
          </span>
          <span className="org-name">{organizationLabel(profile)}</span>
        </div>
      </div>
    </header>
  );
}
