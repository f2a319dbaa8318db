import { useId, useState, type KeyboardEvent } from 'react';
import { Spinner } from '../../../components/ui/spinner';

export type ComboboxOption = { id: string; label: string; hint?: string | null };

type RecordComboboxProps = {
  label: string;
  placeholder?: string;
  text: string;
  onTextChange: (text: string) => void;
  /** Whether the list is showing: the caller loads matches only then. */
  open: boolean;
  onOpenChange: (open: boolean) => void;
  options: readonly ComboboxOption[];
  loading: boolean;
  failed: boolean;
  onSelect: (option: ComboboxOption) => void;
  /** A last choice that creates a record from the text (e.g. 'Create company "Acme"'). */
  createLabel?: string | null;
  onCreate?: () => void;
  error?: string | null;
};

/**
 * A text box that offers matching records as you type (the ARIA combobox pattern): arrows move
 * through the choices, Enter picks one, Escape closes the list.
 */
export function RecordCombobox(props: RecordComboboxProps) {
  const { label, text, open, options, createLabel } = props;
  const id = useId();
  const listId = `${id}-list`;
  const errorId = `${id}-error`;
  const [active, setActive] = useState(-1);
  const choices = [...options.map((o) => ({ key: o.id, option: o })), ...(createLabel ? [{ key: 'create', option: null }] : [])];
  const pick = (index: number) => {
    const choice = choices[index];
    if (!choice) return;
    if (choice.option) props.onSelect(choice.option);
    else props.onCreate?.();
    setActive(-1);
    props.onOpenChange(false);
  };
  const onKeyDown = (e: KeyboardEvent<HTMLInputElement>) => {
    if (e.key === 'ArrowDown' || e.key === 'ArrowUp') {
      e.preventDefault();
      if (!open) props.onOpenChange(true);
      const step = e.key === 'ArrowDown' ? 1 : -1;
      setActive((i) => (choices.length === 0 ? -1 : (i + step + choices.length) % choices.length));
    } else if (e.key === 'Enter' && open && active >= 0) {
      e.preventDefault();
      pick(active);
    } else if (e.key === 'Escape' && open) {
      e.preventDefault();
      props.onOpenChange(false);
    }
  };
  const describedBy = props.error ? errorId : undefined;
  const listShown = open && choices.length > 0;
  const note = props.failed
    ? 'Could not load matches. Keep typing to try again.'
    : props.loading && options.length === 0
      ? 'Searching...'
      : choices.length === 0
        ? 'No matches'
        : null;
  return (
    <div className="field record-combobox">
      <label htmlFor={id} className="field-label">
        {label}
      </label>
      <input
        id={id}
        className="input"
        role="combobox"
        autoComplete="off"
        aria-autocomplete="list"
        // Expanded only while the list is on screen, so aria-controls never names a missing element.
        aria-expanded={listShown}
        aria-controls={listShown ? listId : undefined}
        aria-activedescendant={listShown && active >= 0 ? `${id}-opt-${active}` : undefined}
        aria-invalid={props.error ? true : undefined}
        aria-describedby={describedBy}
        placeholder={props.placeholder}
        value={text}
        onChange={(e) => {
          props.onTextChange(e.target.value);
          setActive(-1);
          props.onOpenChange(true);
        }}
        onFocus={() => props.onOpenChange(true)}
        // A click on a choice lands before the blur closes the list (mousedown keeps the focus).
        onBlur={() => props.onOpenChange(false)}
        onKeyDown={onKeyDown}
      />
      {listShown ? (
        <ul id={listId} role="listbox" aria-label={label} className="combobox-list">
          {choices.map((choice, index) => (
            <li
              key={choice.key}
              id={`${id}-opt-${index}`}
              role="option"
              aria-selected={index === active}
              className={index === active ? 'combobox-option active' : 'combobox-option'}
              onMouseDown={(e) => e.preventDefault()}
              onClick={() => pick(index)}
            >
              {choice.option ? (
                <>
                  {choice.option.label}
                  {choice.option.hint ? <span className="muted"> · {choice.option.hint}</span> : null}
                </>
              ) : (
                createLabel
              )}
            </li>
          ))}
        </ul>
      ) : null}
      {open && note ? (
        <p className="combobox-note" aria-live="polite">
          {props.loading ? <Spinner label="Searching" size={16} /> : null}
          {note}
        </p>
      ) : null}
      {props.error ? (
        <p id={errorId} className="field-error" role="alert">
          {props.error}
        </p>
      ) : null}
    </div>
  );
}
