import { SEARCH_GROUPS, type SearchOption } from './search-options';

type SearchResultsProps = {
  listboxId: string;
  term: string;
  options: SearchOption[];
  activeId: string | null;
  state: 'loading' | 'error' | 'done';
  onPick: (option: SearchOption) => void;
  onHover: (domId: string) => void;
};

/** The dropdown's content: a status line, or the grouped listbox. */
export function SearchResults({ listboxId, term, options, activeId, state, onPick, onHover }: SearchResultsProps) {
  if (state === 'loading')
    return (
      <p className="header-search-status" role="status">
        Searching...
      </p>
    );
  if (state === 'error')
    return (
      <p className="header-search-status header-search-error" role="alert">
        Search failed. Please try again.
      </p>
    );
  if (options.length === 0)
    return (
      <p className="header-search-status" role="status">
        No results for &quot;{term}&quot;
      </p>
    );
  return (
    <div id={listboxId} role="listbox" aria-label="Search results" className="header-search-list">
      {SEARCH_GROUPS.map(({ key, label }) => {
        const inGroup = options.filter((o) => o.group === key);
        if (inGroup.length === 0) return null;
        const headingId = `${listboxId}-${key}`;
        return (
          <div key={key} role="group" aria-labelledby={headingId} className="header-search-group">
            <div id={headingId} role="presentation" className="header-search-group-label">
              {label}
            </div>
            {inGroup.map((o) => (
              <div
                key={o.domId}
                id={o.domId}
                role="option"
                aria-selected={o.domId === activeId}
                className="header-search-option"
                onClick={() => onPick(o)}
                onMouseMove={() => {
                  if (o.domId !== activeId) onHover(o.domId);
                }}
              >
                <span className="header-search-option-label">{o.label}</span>
                {o.sublabel ? <span className="header-search-option-sublabel">{o.sublabel}</span> : null}
              </div>
            ))}
          </div>
        );
      })}
    </div>
  );
}
