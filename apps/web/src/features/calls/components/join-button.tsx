import { Video } from 'lucide-react';
import { Button } from '../../../components/ui/button';
import { joinableLink } from '../utils/call-lists';

/**
 * Opens the call's meeting link in a new tab, without giving that tab a handle on this one;
 * disabled when the call has no link that can be opened.
 */
export function JoinButton({ link, describedBy }: { link: string | null; describedBy: string }) {
  const href = joinableLink(link);
  return (
    <Button
      className="btn-small call-join"
      disabled={!href}
      aria-describedby={describedBy}
      onClick={() => {
        if (href) window.open(href, '_blank', 'noopener,noreferrer');
      }}
    >
      <Video size={14} aria-hidden="true" />
      Join
    </Button>
  );
}
