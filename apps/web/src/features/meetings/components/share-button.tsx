import { Share2 } from 'lucide-react';
import { Button } from '../../../components/ui/button';

/** Copies this page's address; the page opens from the URL alone, so the link works for anyone allowed to see it. */
export function ShareButton() {
  const share = async () => {
    // The toasts' code loads on the press, not with the meeting page.
    const copied = await navigator.clipboard.writeText(window.location.href).then(
      () => true,
      () => false,
    );
    const { toast } = await import('sonner');
    if (copied) toast.success('Link copied');
    else toast.error('Could not copy the link. Copy it from the address bar instead.');
  };
  return (
    <Button variant="secondary" onClick={() => void share()}>
      <Share2 size={16} aria-hidden="true" />
      Share
    </Button>
  );
}
