import { X } from 'lucide-react';
import { useEffect, useId, useState, type KeyboardEvent } from 'react';
import { Spinner } from './spinner';
import './attendee-picker.css';

/** Someone picked: a workspace user, a contact, or a typed outside address. */
export type PickedAttendee = { key: string; name: string; email: string | null; user_id?: string; contact_id?: string };
/** A suggestion as the attendee-options call answers it. */
export type AttendeeSuggestion = { kind: 'user' | 'contact'; id: string; name: string; email: string | null };

/** The spec's email rule (kept here: shared code imports no contract values, which bring zod). */
const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;
export const INVALID_ATTENDEE_EMAIL = 'Please enter a valid email address';

export const pickedFromSuggestion = (s: AttendeeSuggestion): PickedAttendee => ({
  key: `${s.kind}:${s.id}`,
  name: s.name,
  email: s.email,
  ...(s.kind === 'user' ? { user_id: s.id } : { contact_id: s.id }),
});

/** What a typed text becomes: an outside address, or null when it is not one. */
export function pickedFromTyped(text: string): PickedAttendee | null {
  const email = text.trim().toLowerCase();
  return EMAIL.test(email) ? { key: `email:${email}`, name: email, email } : null;
}

function useDebounced(value: string, ms: number): string {
  const [debounced, setDebounced] = useState(value);
  useEffect(() => {
    const timer = setTimeout(() => setDebounced(value), ms);
    return () => clearTimeout(timer);
  }, [value, ms]);
  return debounced;
}

type AttendeePickerProps = {
  label: string;
  value: PickedAttendee[];
  onChange: (value: PickedAttendee[]) => void;
  /** The suggestions for what is typed (a query hook of the feature that uses the picker). */
  useSuggestions: (query: string) => { data?: AttendeeSuggestion[]; isFetching: boolean; isError?: boolean };
  disabled?: boolean;
  /** Pick one at a time and hand it over (the meeting page's "Add participant"), instead of keeping a list. */
  single?: boolean;
};

/**
 * A combobox of workspace users and contacts suggested as one types, which also takes a typed
 * email (Enter or comma). The picked are listed under it, each with a remove button.
 */
export function AttendeePicker({ label, value, onChange, useSuggestions, disabled, single }: AttendeePickerProps) {
  const id = useId();
  const [text, setText] = useState('');
  const [open, setOpen] = useState(false);
  const [active, setActive] = useState(0);
  const [error, setError] = useState<string | null>(null);
  const query = useDebounced(text.trim(), 200);
  const suggestions = useSuggestions(query);
  const taken = new Set(value.map((v) => v.key));
  // Only suggestions for what is typed now: an earlier word's list would pick the wrong person on Enter.
  const fresh = query === text.trim();
  const options = fresh ? (suggestions.data ?? []).filter((s) => !taken.has(pickedFromSuggestion(s).key)) : [];
  const listId = `${id}-list`;
  const errorId = `${id}-error`;
  const showList = open && text.trim() !== '' && (options.length > 0 || suggestions.isFetching);

  const add = (picked: PickedAttendee) => {
    if (!taken.has(picked.key) && !value.some((v) => picked.email && v.email === picked.email))
      onChange(single ? [picked] : [...value, picked]);
    setText('');
    setError(null);
    setActive(0);
  };

  const addTyped = () => {
    const typed = pickedFromTyped(text.replace(/,$/, ''));
    if (typed) add(typed);
    else if (text.trim()) setError(INVALID_ATTENDEE_EMAIL);
  };

  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    if (event.key === 'ArrowDown' && options.length) {
      event.preventDefault();
      setOpen(true);
      setActive((a) => (a + 1) % options.length);
    } else if (event.key === 'ArrowUp' && options.length) {
      event.preventDefault();
      setActive((a) => (a - 1 + options.length) % options.length);
    } else if (event.key === 'Enter' || event.key === ',') {
      if (!text.trim()) return;
      event.preventDefault();
      const option = showList ? options[active] : undefined;
      if (option) add(pickedFromSuggestion(option));
      else addTyped();
    } else if (event.key === 'Escape' && showList) {
      event.preventDefault();
      event.stopPropagation();
      setOpen(false);
    }
  };

  return (
    <div className="field attendee-picker">
      <label htmlFor={id} className="field-label">
        {label}
      </label>
      <div className="field-control attendee-picker-control">
        <input
          id={id}
          className="input"
          role="combobox"
          aria-autocomplete="list"
          aria-expanded={showList}
          aria-controls={listId}
          aria-activedescendant={showList && options[active] ? `${listId}-${active}` : undefined}
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? errorId : undefined}
          placeholder="Name or email"
          autoComplete="off"
          value={text}
          disabled={disabled}
          onChange={(e) => {
            setText(e.target.value);
            setOpen(true);
            setActive(0);
            setError(null);
          }}
          onKeyDown={onKeyDown}
          onBlur={() => setOpen(false)}
        />
        {suggestions.isFetching && text.trim() ? <Spinner label="Searching people" size={16} /> : null}
      </div>
      <ul id={listId} role="listbox" aria-label={`${label} suggestions`} className="attendee-options" hidden={!showList}>
        {options.map((o, i) => (
          <li
            key={`${o.kind}:${o.id}`}
            id={`${listId}-${i}`}
            role="option"
            aria-selected={i === active}
            className={i === active ? 'attendee-option is-active' : 'attendee-option'}
            // Picked before the input's blur closes the list.
            onMouseDown={(e) => {
              e.preventDefault();
              add(pickedFromSuggestion(o));
            }}
          >
            <span className="attendee-option-name">{o.name}</span>
            <span className="attendee-option-meta">
              {o.kind === 'user' ? 'User' : 'Contact'}
              {o.email ? ` · ${o.email}` : ''}
            </span>
          </li>
        ))}
      </ul>
      {error ? (
        <p id={errorId} className="field-error" role="alert">
          {error}
        </p>
      ) : null}
      {!single && value.length > 0 ? (
        <ul className="attendee-chips" aria-label={`${label} chosen`}>
          {value.map((v) => (
            <li key={v.key} className="attendee-chip">
              <span>{v.name}</span>
              <button
                type="button"
                className="attendee-chip-remove"
                aria-label={`Remove ${v.name}`}
                disabled={disabled}
                onClick={() => onChange(value.filter((x) => x.key !== v.key))}
              >
                <X size={14} aria-hidden="true" />
              </button>
            </li>
          ))}
        </ul>
      ) : null}
    </div>
  );
}
