import { useState, type FormEvent } from 'react';
import { Button } from '../../../components/ui/button';
import { SelectField } from '../../../components/ui/select-field';
import { TextField } from '../../../components/ui/text-field';
import { formatIsoDay } from '../../../lib/format';
import {
  isoDay,
  PERIOD_KINDS,
  PERIOD_LABELS,
  periodSearch,
  validateRange,
  type Period,
  type PeriodKind,
  type RangeErrors,
} from '../utils/period';

type PeriodPickerProps = {
  period: Period;
  /** The chosen period's URL query. */
  onChange: (search: string) => void;
};

/**
 * Last 30 days, last 90 days, or a custom range: the named periods apply at once, a custom range
 * on Apply once both days hold. Keyed by the URL's period, so going back in history resets it.
 */
export function PeriodPicker({ period, onChange }: PeriodPickerProps) {
  const [kind, setKind] = useState<PeriodKind>(period.kind);
  const [from, setFrom] = useState(period.from);
  const [to, setTo] = useState(period.to);
  const [errors, setErrors] = useState<RangeErrors | null>(null);

  const choose = (next: PeriodKind) => {
    setKind(next);
    setErrors(null);
    if (next !== 'custom') onChange(periodSearch({ kind: next, from: '', to: '' }));
  };
  const apply = (event: FormEvent) => {
    event.preventDefault();
    const problems = validateRange(from, to);
    setErrors(problems);
    if (!problems) onChange(periodSearch({ kind: 'custom', from, to }));
  };

  return (
    <div className="coaching-period">
      <SelectField
        label="Period"
        value={kind}
        options={PERIOD_KINDS.map((k) => ({ value: k, label: PERIOD_LABELS[k] }))}
        onChange={(e) => choose(e.target.value as PeriodKind)}
      />
      {kind === 'custom' ? (
        <form className="coaching-range" onSubmit={apply} noValidate aria-label="Custom range">
          <TextField
            label="From"
            type="date"
            value={from}
            max={isoDay(new Date())}
            error={errors?.from}
            onChange={(e) => setFrom(e.target.value)}
          />
          <TextField label="To" type="date" value={to} error={errors?.to} onChange={(e) => setTo(e.target.value)} />
          <Button type="submit" variant="secondary">
            Apply
          </Button>
        </form>
      ) : null}
      <p className="coaching-period-range" aria-live="polite">
        {`${formatIsoDay(period.from)} – ${formatIsoDay(period.to)}`}
      </p>
    </div>
  );
}
