/** The deal's timeline arrives with the recordings work; until then it says so plainly. */
export function DealTimeline() {
  return (
    <aside className="deal-card deal-timeline" aria-labelledby="timeline-title">
      <h3 id="timeline-title" className="deal-card-title">
        Timeline
      </h3>
      <p className="muted">No Events Found</p>
    </aside>
  );
}
