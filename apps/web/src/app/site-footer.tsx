import { Heart } from 'lucide-react';

export function SiteFooter() {
  return (
    <footer className="site-footer">
      Made with <Heart size={14} className="heart" role="img" aria-label="a heart" /> in India
    </footer>
  );
}
