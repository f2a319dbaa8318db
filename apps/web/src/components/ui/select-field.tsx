import type { SelectHTMLAttributes } from 'react';
import { FormField } from './form-field';

export type SelectOption = { value: string; label: string };

type SelectFieldProps = SelectHTMLAttributes<HTMLSelectElement> & {
  label: string;
  options: readonly SelectOption[];
  /** A first, empty choice such as 'Select a manager'. */
  placeholder?: string;
  error?: string | null;
};

export function SelectField({ label, options, placeholder, error, id, ...select }: SelectFieldProps) {
  return (
    <FormField label={label} id={id} error={error}>
      {(control) => (
        <select className="input select" {...control} {...select}>
          {placeholder !== undefined ? <option value="">{placeholder}</option> : null}
          {options.map((option) => (
            <option key={option.value} value={option.value}>
              {option.label}
            </option>
          ))}
        </select>
      )}
    </FormField>
  );
}
