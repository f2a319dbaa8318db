import { Link } from 'react-router';
import { useDealCallSuggestions } from '../api/get-deal-call-suggestions';
import { callDayText } from '../utils/suggestion-format';
import '../call-suggestions.css';

/** On the deal page: "3 suggestions from the call on 12 Nov", each linking to that meeting's suggested updates. */
export function DealCallSuggestions({ dealId }: { dealId: string }) {
  const query = useDealCallSuggestions(dealId);
  if (!query.data || query.data.data.length === 0) return null;
  return (
    <section className="card deal-call-suggestions" aria-label="Suggested updates from calls">
      <ul>
        {query.data.data.map((c) => (
          <li key={c.recording_id}>
            <Link to={`/dashboard/meeting/${encodeURIComponent(c.recording_id)}#call-suggestions-title`}>
              {c.open} {c.open === 1 ? 'suggestion' : 'suggestions'} from {callDayText(c.at)}
            </Link>
            <span className="muted"> · {c.title}</span>
          </li>
        ))}
      </ul>
    </section>
  );
}
