const DRIVE_ID = /^[A-Za-z0-9_-]{10,200}$/;

/**
 * The file id of a Google Drive file address, or null for anything else (another host, a folder,
 * a search page). Accepted: drive.google.com/file/d/{id}/..., drive.google.com/open?id={id},
 * drive.google.com/uc?id={id}, docs.google.com/.../d/{id}/...
 */
export function driveFileId(link: string): string | null {
  let url: URL;
  try {
    url = new URL(link.trim());
  } catch {
    return null;
  }
  if (url.protocol !== 'https:' || url.username || url.password || url.port) return null;
  const segments = url.pathname.split('/').filter(Boolean);
  let id: string | null | undefined = null;
  if (url.hostname === 'drive.google.com') {
    if (segments[0] === 'file' && segments[1] === 'd') id = segments[2];
    else if (segments.length === 1 && (segments[0] === 'open' || segments[0] === 'uc')) id = url.searchParams.get('id');
  } else if (url.hostname === 'docs.google.com') {
    const d = segments.indexOf('d');
    if (d >= 1) id = segments[d + 1];
  }
  return id && DRIVE_ID.test(id) ? id : null;
}
