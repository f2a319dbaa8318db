/** The spec's header rule: the segment after /dashboard, capitalised, else 'Home'. */
export function titleFromPath(pathname: string): string {
  const segments = pathname.split('/').filter(Boolean);
  const section = segments[0] === 'dashboard' ? segments[1] : undefined;
  if (!section) return 'Home';
  const text = decodeURIComponent(section);
  return text.charAt(0).toUpperCase() + text.slice(1);
}

export function initialsOf(first: string, last: string, fallback: string): string {
  const fromNames = `${first.trim().charAt(0)}${last.trim().charAt(0)}`;
  if (fromNames) return fromNames.toUpperCase();
  const words = fallback.trim().split(/\s+/).filter(Boolean);
  const fromFallback = words
    .slice(0, 2)
    .map((w) => w.charAt(0))
    .join('');
  return (fromFallback || '?').toUpperCase();
}
