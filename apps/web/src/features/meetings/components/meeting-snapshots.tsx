import type { TVideo } from '@pipewise/contract/videos';

const clock = (seconds: number) => {
  const s = Math.max(0, Math.floor(seconds));
  return `${Math.floor(s / 60)}:${String(s % 60).padStart(2, '0')}`;
};

/** Frames taken from the recording, each with its time in the recording. */
export function MeetingSnapshots({ snapshots }: { snapshots: TVideo['snapshots'] }) {
  if (snapshots.length === 0) return <p className="empty-state">No snapshots available for this meeting.</p>;
  return (
    <ul className="snapshots">
      {snapshots.map((shot) => (
        <li key={`${shot.at_seconds}-${shot.url}`}>
          <figure className="snapshot">
            <img src={shot.url} alt={`Snapshot at ${clock(shot.at_seconds)}`} loading="lazy" />
            <figcaption>{clock(shot.at_seconds)}</figcaption>
          </figure>
        </li>
      ))}
    </ul>
  );
}
