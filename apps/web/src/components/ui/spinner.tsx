import { LoaderCircle } from 'lucide-react';

type SpinnerProps = { label?: string; size?: number };

export function Spinner({ label = 'Loading', size = 24 }: SpinnerProps) {
  return (
    <span role="status" className="spinner">
      <LoaderCircle size={size} className="spinner-icon" aria-hidden="true" />
      <span className="sr-only">{label}</span>
    </span>
  );
}

export function FullPageSpinner({ label = 'Loading' }: { label?: string }) {
  return (
    <div className="full-page-center">
      <Spinner label={label} size={36} />
    </div>
  );
}
