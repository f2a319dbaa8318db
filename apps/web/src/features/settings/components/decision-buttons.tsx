import { Button } from '../../../components/ui/button';

/** Approve and Reject for one request row; both named after the person, both off while a decision is sent. */
export function DecisionButtons({
  name,
  busy,
  onDecide,
}: {
  name: string;
  busy: boolean;
  onDecide: (decision: 'approve' | 'reject') => void;
}) {
  return (
    <td className="cell-actions">
      <Button className="btn-small" disabled={busy} aria-label={`Approve ${name}`} onClick={() => onDecide('approve')}>
        Approve
      </Button>
      <Button variant="secondary" className="btn-small" disabled={busy} aria-label={`Reject ${name}`} onClick={() => onDecide('reject')}>
        Reject
      </Button>
    </td>
  );
}
