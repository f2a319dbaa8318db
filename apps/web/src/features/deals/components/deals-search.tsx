import { Search } from 'lucide-react';
import { useEffect, useState } from 'react';

export const SEARCH_DEBOUNCE_MS = 300;

type DealsSearchProps = { value: string; onSearch: (value: string) => void };

/** 'Search Deal': typing updates the list ~300 ms after the last keystroke; Back restores the box. */
export function DealsSearch({ value, onSearch }: DealsSearchProps) {
  const [text, setText] = useState(value);
  const [synced, setSynced] = useState(value);
  const [sent, setSent] = useState<string | null>(null);
  // The URL changed from elsewhere (Back, a shared link): show its search. Our own update is
  // skipped, so keys typed while it was on its way are kept.
  if (value !== synced) {
    setSynced(value);
    if (value !== sent) setText(value);
    setSent(null);
  }

  useEffect(() => {
    if (text.trim() === value) return;
    const timer = setTimeout(() => {
      setSent(text.trim());
      onSearch(text);
    }, SEARCH_DEBOUNCE_MS);
    return () => clearTimeout(timer);
  }, [text, value, onSearch]);

  return (
    <form
      className="deals-search"
      role="search"
      onSubmit={(e) => {
        e.preventDefault();
        setSent(text.trim());
        onSearch(text);
      }}
    >
      <Search size={16} aria-hidden="true" className="deals-search-icon" />
      <input
        type="search"
        className="input"
        aria-label="Search Deal"
        placeholder="Search Deal"
        value={text}
        onChange={(e) => setText(e.target.value)}
        maxLength={200}
      />
    </form>
  );
}
