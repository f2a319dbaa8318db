import { CircleAlert } from 'lucide-react';

export function AlertMessage({ children }: { children: string }) {
  return (
    <p className="alert alert-error" role="alert">
      <CircleAlert size={16} aria-hidden="true" />
      <span>{children}</span>
    </p>
  );
}
