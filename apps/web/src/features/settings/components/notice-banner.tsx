import { CircleCheck } from 'lucide-react';
import { AlertMessage } from '../../../components/ui/alert-message';
import type { Notice } from './use-timed-notice';

/**
 * The success and error notices. The polite live region stays in the page so a success message
 * put into it is announced; an error is an alert of its own.
 */
export function NoticeBanner({ notice }: { notice: Notice | null }) {
  return (
    <>
      <div role="status" className="notice-region">
        {notice?.kind === 'success' ? (
          <p className="alert alert-success">
            <CircleCheck size={16} aria-hidden="true" />
            <span>{notice.message}</span>
          </p>
        ) : null}
      </div>
      {notice?.kind === 'error' ? <AlertMessage>{notice.message}</AlertMessage> : null}
    </>
  );
}
