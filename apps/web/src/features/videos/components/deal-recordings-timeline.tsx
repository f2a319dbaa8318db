import { Card } from '../../../components/ui/card';

/** A deal's recordings as a timeline; the recordings work fills it, until then it says so plainly. */
export function DealRecordingsTimeline() {
  return (
    <Card as="aside" raised title="Timeline">
      <p className="muted">No Events Found</p>
    </Card>
  );
}
