/** A deal's recordings as a timeline; the recordings work fills it, until then it says so plainly. */
export function DealRecordingsTimeline() {
  return (
    <aside className="deal-card" aria-labelledby="timeline-title">
      <h3 id="timeline-title" className="deal-card-title">
        Timeline
      </h3>
      <p className="muted">No Events Found</p>
    </aside>
  );
}
