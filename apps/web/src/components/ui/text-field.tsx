import type { InputHTMLAttributes, ReactNode } from 'react';
import { FormField } from './form-field';

type TextFieldProps = InputHTMLAttributes<HTMLInputElement> & {
  label: string;
  /** Shown before the input, e.g. a fixed phone prefix. */
  prefix?: ReactNode;
  error?: string | null;
};

export function TextField({ label, prefix, error, id, ...input }: TextFieldProps) {
  return (
    <FormField label={label} id={id} error={error}>
      {(control) => (
        <div className={prefix ? 'field-control has-prefix' : 'field-control'}>
          {prefix ? <span className="field-prefix">{prefix}</span> : null}
          <input className="input" {...control} {...input} />
        </div>
      )}
    </FormField>
  );
}
