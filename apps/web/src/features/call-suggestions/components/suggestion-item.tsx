import { Link } from 'react-router';
import type { TCallSuggestion } from '@pipewise/contract/call-suggestions';
import { Button } from '../../../components/ui/button';
import { clockText, playLink, valueText } from '../utils/suggestion-format';

type SuggestionItemProps = {
  suggestion: TCallSuggestion;
  /** Whether the recording has media: its time then plays the call from there; else it is only read. */
  playable: boolean;
  busy: boolean;
  onAccept: () => void;
  onEdit: () => void;
  onDismiss: () => void;
};

/** One suggestion: the field, the deal's current value beside the proposed one, the sentence it came from, and its actions. */
export function SuggestionItem({ suggestion: s, playable, busy, onAccept, onEdit, onDismiss }: SuggestionItemProps) {
  const headingId = `suggestion-${s.id}`;
  const proposed = valueText(s.field, s.value) + (s.date ? ` (due ${valueText('close_date', s.date)})` : '');
  return (
    <li className="call-suggestion" aria-labelledby={headingId}>
      <h3 id={headingId} className="call-suggestion-field">
        {s.mode === 'task' ? 'New task' : s.mode === 'append' ? `Add to ${s.label}` : s.label}
      </h3>
      <dl className="call-suggestion-values">
        {s.mode === 'task' ? null : (
          <div>
            <dt>Current</dt>
            <dd>{valueText(s.field, s.current)}</dd>
          </div>
        )}
        <div>
          <dt>Proposed</dt>
          <dd className="call-suggestion-proposed">{proposed}</dd>
        </div>
      </dl>
      <figure className="call-suggestion-quote">
        <blockquote>“{s.quote}”</blockquote>
        <figcaption>
          {s.speaker ?? 'Unknown speaker'}
          {' · '}
          {playable ? (
            <Link to={playLink(s.recording_id, s.start_seconds)} aria-label={`Play from ${clockText(s.start_seconds ?? 0)}`}>
              {clockText(s.start_seconds ?? 0)}
            </Link>
          ) : (
            <span>{clockText(s.start_seconds ?? 0)}</span>
          )}
        </figcaption>
      </figure>
      {s.status === 'open' ? (
        <div className="call-suggestion-actions">
          <Button onClick={onAccept} disabled={busy} aria-describedby={headingId}>
            Accept
          </Button>
          <Button variant="secondary" onClick={onEdit} disabled={busy} aria-describedby={headingId}>
            Edit
          </Button>
          <Button variant="ghost" onClick={onDismiss} disabled={busy} aria-describedby={headingId}>
            Dismiss
          </Button>
        </div>
      ) : (
        <p className="muted call-suggestion-status">{s.status === 'accepted' ? 'Accepted' : 'Dismissed'}</p>
      )}
    </li>
  );
}
