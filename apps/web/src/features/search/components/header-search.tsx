import { useEffect, useId, useRef, useState, type KeyboardEvent } from 'react';
import { Search } from 'lucide-react';
import { useNavigate } from 'react-router';
import { MIN_SEARCH_LENGTH, useSearch } from '../api/search-query';
import { SearchResults } from './search-results';
import { searchOptions, stepOption, type SearchOption } from './search-options';
import { useDebouncedValue } from './use-debounced-value';
import '../search.css';

/** How long typing must pause before a search is sent. */
export const SEARCH_DEBOUNCE_MS = 200;

/**
 * The header's search box: a combobox (ARIA 1.2 pattern) whose listbox shows deals, companies,
 * contacts, people and meetings as the user types. Focus stays in the input; the arrow keys move
 * the active option (aria-activedescendant), Enter opens it, Escape or a click outside closes.
 */
type HeaderSearchProps = {
  id?: string;
  /**
   * Given while the box is opened on its own (a phone): Escape with no results showing closes it, and
   * so does picking a result.
   */
  onDismiss?: (how: 'escape' | 'picked') => void;
};

export function HeaderSearch({ id, onDismiss }: HeaderSearchProps = {}) {
  const navigate = useNavigate();
  const baseId = useId();
  const listboxId = `${baseId}-listbox`;
  const rootRef = useRef<HTMLFormElement>(null);
  const [text, setText] = useState('');
  const [open, setOpen] = useState(false);
  const [activeId, setActiveId] = useState<string | null>(null);

  const term = text.trim();
  const debounced = useDebouncedValue(term, SEARCH_DEBOUNCE_MS);
  const search = useSearch(debounced);
  const settled = debounced === term && term.length >= MIN_SEARCH_LENGTH;
  const data = settled ? search.data : undefined;
  const options = searchOptions(data, baseId);
  const active = options.find((o) => o.domId === activeId) ?? null;
  const showPanel = open && term.length >= MIN_SEARCH_LENGTH;
  const showList = showPanel && options.length > 0;

  useEffect(() => {
    if (!open) return;
    const closeOutside = (event: MouseEvent) => {
      if (!rootRef.current?.contains(event.target as Node)) setOpen(false);
    };
    document.addEventListener('mousedown', closeOutside);
    return () => document.removeEventListener('mousedown', closeOutside);
  }, [open]);

  useEffect(() => {
    if (active) document.getElementById(active.domId)?.scrollIntoView?.({ block: 'nearest' });
  }, [active]);

  function go(option: SearchOption) {
    setOpen(false);
    setActiveId(null);
    setText('');
    onDismiss?.('picked');
    void navigate(option.url);
  }

  function onKeyDown(event: KeyboardEvent<HTMLInputElement>) {
    if (event.key === 'ArrowDown' || event.key === 'ArrowUp') {
      event.preventDefault();
      setOpen(true);
      if (showPanel) setActiveId(stepOption(options, active?.domId ?? null, event.key === 'ArrowDown' ? 1 : -1));
    } else if (event.key === 'Enter') {
      event.preventDefault();
      if (showList && active) go(active);
    } else if (event.key === 'Escape' && showPanel) {
      // Closes the list but keeps the text (a second Escape clears the box, as a search input does).
      event.preventDefault();
      setOpen(false);
      setActiveId(null);
    } else if (event.key === 'Escape' && onDismiss) {
      event.preventDefault();
      onDismiss('escape');
    }
  }

  return (
    <form ref={rootRef} id={id} className="header-search" role="search" onSubmit={(e) => e.preventDefault()}>
      <Search size={16} aria-hidden="true" className="header-search-icon" />
      <input
        type="search"
        className="input"
        role="combobox"
        aria-label="Search"
        aria-autocomplete="list"
        aria-expanded={showList}
        aria-controls={showList ? listboxId : undefined}
        aria-activedescendant={showList && active ? active.domId : undefined}
        autoComplete="off"
        placeholder="Search for a deal, account, team, people..."
        value={text}
        onChange={(e) => {
          setText(e.target.value);
          setActiveId(null);
          setOpen(true);
        }}
        onFocus={() => setOpen(true)}
        onKeyDown={onKeyDown}
      />
      {showPanel ? (
        // Keeps focus in the input while an option is clicked.
        <div className="popup-panel header-search-panel" onMouseDown={(e) => e.preventDefault()}>
          <SearchResults
            listboxId={listboxId}
            term={term}
            options={options}
            activeId={active?.domId ?? null}
            state={!settled || search.isPending ? 'loading' : search.isError ? 'error' : 'done'}
            onPick={go}
            onHover={setActiveId}
          />
        </div>
      ) : null}
    </form>
  );
}
