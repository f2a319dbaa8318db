import { Plus } from 'lucide-react';
import { Link } from 'react-router';

/** The deals list's 'New Deal' button: opens /dashboard/deals/new. */
export function NewDealButton() {
  return (
    <Link to="/dashboard/deals/new" className="btn btn-primary new-deal-button">
      <Plus size={16} aria-hidden="true" />
      New Deal
    </Link>
  );
}
