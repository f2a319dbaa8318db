import { Search } from 'lucide-react';
import { useEffect, useState } from 'react';

export const SEARCH_BOX_DEBOUNCE_MS = 300;

type SearchBoxProps = { value: string; onSearch: (value: string) => void; label: string };

/** A list's search box: the list follows ~300 ms after the last keystroke, or at once on Enter. */
export function SearchBox({ value, onSearch, label }: SearchBoxProps) {
  const [text, setText] = useState(value);
  const [synced, setSynced] = useState(value);
  // The URL changed from elsewhere (Back, a shared link): show its search.
  if (value !== synced) {
    setSynced(value);
    setText(value);
  }
  useEffect(() => {
    if (text.trim() === value) return;
    const timer = setTimeout(() => onSearch(text.trim()), SEARCH_BOX_DEBOUNCE_MS);
    return () => clearTimeout(timer);
  }, [text, value, onSearch]);
  return (
    <form
      className="search-box"
      role="search"
      onSubmit={(e) => {
        e.preventDefault();
        onSearch(text.trim());
      }}
    >
      <Search size={16} aria-hidden="true" className="search-box-icon" />
      <input
        type="search"
        className="input"
        aria-label={label}
        placeholder={label}
        value={text}
        onChange={(e) => setText(e.target.value)}
        maxLength={200}
      />
    </form>
  );
}
