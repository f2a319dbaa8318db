import { CircleAlert } from 'lucide-react';

/** An error message announced as an alert; `plain` leaves out the icon (short inline notices). */
export function AlertMessage({ children, plain = false }: { children: string; plain?: boolean }) {
  return (
    <p className="alert alert-error" role="alert">
      {plain ? (
        children
      ) : (
        <>
          <CircleAlert size={16} aria-hidden="true" />
          <span>{children}</span>
        </>
      )}
    </p>
  );
}
