import { X } from 'lucide-react';
import { useId, useRef, useState, type KeyboardEvent } from 'react';
import { FormField } from '../../../components/ui/form-field';
import { isEmail } from '../utils/booking-form';

/** Someone the picker offers: a colleague or a deal's contact. */
export type AttendeeSuggestion = { email: string; name: string };

type AttendeePickerProps = {
  value: string[];
  onChange: (next: string[]) => void;
  suggestions: readonly AttendeeSuggestion[];
  error?: string | null;
};

/**
 * Attendees as chips: type an address and press Enter (or a comma) to add it, or pick a suggestion.
 * Each chip has its own remove button; Backspace in the empty input removes the last chip.
 */
export function AttendeePicker({ value, onChange, suggestions, error }: AttendeePickerProps) {
  const [text, setText] = useState('');
  const [typingError, setTypingError] = useState<string | null>(null);
  const inputRef = useRef<HTMLInputElement>(null);
  const listId = useId();
  const names = new Map(suggestions.map((s) => [s.email.toLowerCase(), s.name]));
  const term = text.trim().toLowerCase();
  const offered = suggestions
    .filter((s) => !value.includes(s.email.toLowerCase()))
    .filter((s) => !term || s.email.toLowerCase().includes(term) || s.name.toLowerCase().includes(term))
    .slice(0, 6);

  const add = (email: string) => {
    const address = email.trim().toLowerCase();
    if (!address) return;
    if (!isEmail(address)) {
      setTypingError(`"${email.trim()}" is not an email address.`);
      return;
    }
    setTypingError(null);
    if (!value.includes(address)) onChange([...value, address]);
    setText('');
    inputRef.current?.focus();
  };
  const remove = (email: string) => {
    onChange(value.filter((v) => v !== email));
    inputRef.current?.focus();
  };
  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    if (event.key === 'Enter' || event.key === ',') {
      event.preventDefault();
      add(text);
    } else if (event.key === 'Backspace' && text === '' && value.length > 0) {
      event.preventDefault();
      onChange(value.slice(0, -1));
    }
  };

  return (
    <FormField label="Attendees" error={typingError ?? error}>
      {(control) => (
        <div className="attendee-picker">
          {value.length ? (
            <ul className="attendee-chips" aria-label="People invited">
              {value.map((email) => (
                <li key={email} className="attendee-chip">
                  <span>{names.get(email) ? `${names.get(email)} (${email})` : email}</span>
                  <button type="button" className="attendee-chip-remove" aria-label={`Remove ${email}`} onClick={() => remove(email)}>
                    <X size={14} aria-hidden="true" />
                  </button>
                </li>
              ))}
            </ul>
          ) : null}
          <input
            ref={inputRef}
            className="input"
            type="email"
            placeholder="name@company.com, then Enter"
            value={text}
            onChange={(e) => {
              setText(e.target.value);
              setTypingError(null);
            }}
            onKeyDown={onKeyDown}
            onBlur={() => (isEmail(text) ? add(text) : undefined)}
            aria-controls={offered.length ? listId : undefined}
            {...control}
          />
          {offered.length ? (
            <div className="attendee-suggestions">
              <p className="muted attendee-suggestions-label" id={`${listId}-label`}>
                Suggested
              </p>
              <ul id={listId} aria-labelledby={`${listId}-label`}>
                {offered.map((s) => (
                  <li key={s.email}>
                    <button type="button" className="attendee-suggestion" onClick={() => add(s.email)}>
                      {s.name ? `${s.name} (${s.email})` : s.email}
                    </button>
                  </li>
                ))}
              </ul>
            </div>
          ) : null}
        </div>
      )}
    </FormField>
  );
}
