import { useParams } from 'react-router';
import { isDealId, useDeal } from '../../features/deals/api/get-deal';
import { ownerDisplayName, useDealOwners } from '../../features/deals/api/get-deal-owners';
import { useDealStakeholders } from '../../features/deals/api/get-deal-stakeholders';
import type { AttendeeSuggestion } from '../../features/calls/components/attendee-picker';
import { ScheduleCallButton } from '../../features/calls/components/schedule-call-button';

/** The deal page's "Schedule call": the deal preset, its contacts and the caller's colleagues suggested. */
export function DealScheduleCall() {
  const { id = '' } = useParams();
  const valid = isDealId(id);
  const deal = useDeal(id);
  const stakeholders = useDealStakeholders(id, valid);
  const owners = useDealOwners();
  if (!valid || !deal.data) return null;
  const suggestions: AttendeeSuggestion[] = [
    ...(stakeholders.data ?? []).flatMap((s) =>
      s.email ? [{ email: s.email.toLowerCase(), name: `${s.firstname} ${s.lastname}`.trim() }] : [],
    ),
    ...(owners.data ?? []).map((o) => ({ email: o.email.toLowerCase(), name: ownerDisplayName(o) })),
  ];
  return (
    <div className="deal-schedule-call">
      <ScheduleCallButton deal={{ id, name: deal.data.dealname }} suggestions={suggestions} />
    </div>
  );
}
