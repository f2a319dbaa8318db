import { ChevronDown } from 'lucide-react';
import { useState, type FormEvent } from 'react';
import { Button } from '../../../components/ui/button';
import { Popover } from '../../../components/ui/popover';
import { TextField } from '../../../components/ui/text-field';

type CloseDateFilterProps = {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  closeFrom: string;
  closeTo: string;
  onApply: (closeFrom: string, closeTo: string) => void;
};

/**
 * CLOSE DATE: a start and an end date (the spec shows only 'End Date'; the server filters on an
 * inclusive range, open at either end, so both are offered). Apply does nothing without a date.
 */
export function CloseDateFilter({ open, onOpenChange, closeFrom, closeTo, onApply }: CloseDateFilterProps) {
  const active = Boolean(closeFrom || closeTo);
  return (
    <Popover
      open={open}
      onOpenChange={onOpenChange}
      panelLabel="Close date"
      triggerClassName={`btn filter-button${active ? ' filter-button-active' : ''}`}
      trigger={
        <>
          CLOSE DATE
          <ChevronDown size={16} aria-hidden="true" />
        </>
      }
    >
      <CloseDateForm
        initialFrom={closeFrom}
        initialTo={closeTo}
        onApply={(from, to) => {
          onApply(from, to);
          onOpenChange(false);
        }}
      />
    </Popover>
  );
}

function CloseDateForm({
  initialFrom,
  initialTo,
  onApply,
}: {
  initialFrom: string;
  initialTo: string;
  onApply: (from: string, to: string) => void;
}) {
  const [from, setFrom] = useState(initialFrom);
  const [to, setTo] = useState(initialTo);
  const [error, setError] = useState<string | null>(null);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!from && !to) return;
    if (from && to && from > to) {
      setError('Start Date must be on or before End Date');
      return;
    }
    onApply(from, to);
  };

  return (
    <form className="close-date-form" onSubmit={submit} noValidate>
      <TextField
        label="Start Date"
        type="date"
        value={from}
        max={to || undefined}
        onChange={(e) => {
          setFrom(e.target.value);
          setError(null);
        }}
      />
      <TextField
        label="End Date"
        type="date"
        value={to}
        min={from || undefined}
        onChange={(e) => {
          setTo(e.target.value);
          setError(null);
        }}
        error={error}
      />
      <Button type="submit" block>
        Apply
      </Button>
    </form>
  );
}
