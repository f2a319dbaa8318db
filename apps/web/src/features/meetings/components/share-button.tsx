import { Share2 } from 'lucide-react';
import { toast } from 'sonner';
import { Button } from '../../../components/ui/button';

/** Copies this page's address; the page opens from the URL alone, so the link works for anyone allowed to see it. */
export function ShareButton() {
  const share = async () => {
    try {
      await navigator.clipboard.writeText(window.location.href);
      toast.success('Link copied');
    } catch {
      toast.error('Could not copy the link. Copy it from the address bar instead.');
    }
  };
  return (
    <Button variant="secondary" onClick={() => void share()}>
      <Share2 size={16} aria-hidden="true" />
      Share
    </Button>
  );
}
