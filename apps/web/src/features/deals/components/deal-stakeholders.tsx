import { Users } from 'lucide-react';
import type { ReactNode } from 'react';
import { Card } from '../../../components/ui/card';
import { useDealStakeholders, type TStakeholder } from '../api/get-deal-stakeholders';

const MAX_SHOWN = 3;

/** Up to 3 stakeholders as 'Firstname (Position)'; a failed load reads as none (the spec only logs it). */
export function DealStakeholders({ dealId, action }: { dealId: string | null; action?: (list: TStakeholder[]) => ReactNode }) {
  const stakeholders = useDealStakeholders(dealId ?? '', dealId !== null);
  const list = stakeholders.data ?? [];
  return (
    <Card raised className="deal-stakeholders" title="Stakeholders" titleIcon={<Users size={16} aria-hidden="true" />}>
      {dealId !== null && stakeholders.isPending ? (
        <p className="muted">Loading...</p>
      ) : list.length === 0 ? (
        <p className="muted">No stakeholders</p>
      ) : (
        <ul className="stakeholder-list">
          {list.slice(0, MAX_SHOWN).map((s) => (
            <li key={s.id} className="stakeholder">
              {s.position ? `${s.firstname} (${s.position})` : s.firstname}
            </li>
          ))}
        </ul>
      )}
      {action && !stakeholders.isPending ? action(list) : null}
    </Card>
  );
}
