import { Link } from 'react-router';
import { AlertMessage } from '../../../components/ui/alert-message';
import { Button } from '../../../components/ui/button';
import { Spinner } from '../../../components/ui/spinner';
import { isApiError } from '../../../lib/http';

export const EMPTY_TITLE = 'No calls with separated speakers in this period';

export function CoachingLoading({ label = 'Loading coaching figures' }: { label?: string }) {
  return (
    <div className="coaching-state">
      <Spinner label={label} size={32} />
    </div>
  );
}

/**
 * A failed load: a person the caller does not see answers 404, as if they did not exist (no retry
 * helps; the person view's back link leads on); a refused period says the server's reason; anything
 * else offers Retry.
 */
export function CoachingError({ error, onRetry }: { error: unknown; onRetry: () => void }) {
  if (isApiError(error, 404)) {
    return (
      <div className="coaching-state">
        <AlertMessage plain>This person is not on your team, or does not exist.</AlertMessage>
      </div>
    );
  }
  const message = isApiError(error, 400) && error.detail ? error.detail : 'Failed to load coaching figures';
  return (
    <div className="coaching-state">
      <AlertMessage plain>{message}</AlertMessage>
      <Button variant="secondary" onClick={onRetry}>
        Retry
      </Button>
    </div>
  );
}

/** Only calls whose speakers are known count: the empty state says how to get them. */
export function CoachingEmpty() {
  return (
    <div className="empty-state coaching-empty">
      <p className="empty-state-title">{EMPTY_TITLE}</p>
      <p>
        Coaching figures need to know who spoke when. Upload transcripts that name their speakers, or stereo recordings with one voice per
        channel.
      </p>
      <Link className="btn btn-secondary" to="/dashboard/upload">
        Upload a call
      </Link>
    </div>
  );
}
