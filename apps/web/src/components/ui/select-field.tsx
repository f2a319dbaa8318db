import { useId, type SelectHTMLAttributes } from 'react';

export type SelectOption = { value: string; label: string };

type SelectFieldProps = SelectHTMLAttributes<HTMLSelectElement> & {
  label: string;
  options: readonly SelectOption[];
  /** A first, empty choice such as 'Select a manager'. */
  placeholder?: string;
  error?: string | null;
};

export function SelectField({ label, options, placeholder, error, id, ...select }: SelectFieldProps) {
  const generated = useId();
  const selectId = id ?? generated;
  const errorId = `${selectId}-error`;
  return (
    <div className="field">
      <label htmlFor={selectId} className="field-label">
        {label}
      </label>
      <select
        id={selectId}
        className="input select"
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? errorId : undefined}
        {...select}
      >
        {placeholder !== undefined ? <option value="">{placeholder}</option> : null}
        {options.map((option) => (
          <option key={option.value} value={option.value}>
            {option.label}
          </option>
        ))}
      </select>
      {error ? (
        <p id={errorId} className="field-error" role="alert">
          {error}
        </p>
      ) : null}
    </div>
  );
}
