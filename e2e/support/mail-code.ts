/**
 * Just enough MIME to read a sign-in mail as nodemailer sends it: headers, multipart bodies,
 * quoted-printable and base64. The code is the first 6-digit number of the text/plain part.
 */

type Part = { headers: Map<string, string>; body: string };

function splitPart(raw: string): Part {
  const normalised = raw.replace(/\r\n/g, '\n');
  const end = normalised.indexOf('\n\n');
  const head = end === -1 ? normalised : normalised.slice(0, end);
  const body = end === -1 ? '' : normalised.slice(end + 2);
  const headers = new Map<string, string>();
  // Folded header lines continue with whitespace.
  for (const line of head.replace(/\n[ \t]+/g, ' ').split('\n')) {
    const colon = line.indexOf(':');
    if (colon > 0) headers.set(line.slice(0, colon).trim().toLowerCase(), line.slice(colon + 1).trim());
  }
  return { headers, body };
}

function decodeBody(part: Part): string {
  const encoding = (part.headers.get('content-transfer-encoding') ?? '7bit').toLowerCase();
  if (encoding === 'base64') return Buffer.from(part.body.replace(/\s+/g, ''), 'base64').toString('utf8');
  if (encoding === 'quoted-printable') {
    const bytes = part.body
      .replace(/=\n/g, '')
      .replace(/=([0-9A-Fa-f]{2})/g, (_, hex: string) => String.fromCharCode(Number.parseInt(hex, 16)));
    return Buffer.from(bytes, 'latin1').toString('utf8');
  }
  return part.body;
}

/** The first part whose type matches, decoded (multipart bodies searched in order). */
function findPart(part: Part, type: RegExp): string | undefined {
  const contentType = part.headers.get('content-type') ?? 'text/plain';
  if (/^multipart\//i.test(contentType)) {
    const boundary = /boundary="?([^";]+)"?/i.exec(contentType)?.[1];
    if (!boundary) return undefined;
    const chunks = part.body.split(`--${boundary}`).slice(1);
    for (const chunk of chunks) {
      if (chunk.startsWith('--')) break;
      const found = findPart(splitPart(chunk.replace(/^\n/, '')), type);
      if (found !== undefined) return found;
    }
    return undefined;
  }
  return type.test(contentType) ? decodeBody(part) : undefined;
}

/** `calendar`: the iCalendar invitation (text/calendar part) of a booked call's mail, when it has one. */
export type ParsedMail = { subject: string; text: string; code: string | undefined; calendar?: string };

export function parseMail(raw: string): ParsedMail {
  const message = splitPart(raw);
  const text = findPart(message, /^text\/plain/i) ?? '';
  const calendar = findPart(message, /^text\/calendar/i);
  return { subject: message.headers.get('subject') ?? '', text, code: /\b(\d{6})\b/.exec(text)?.[1], ...(calendar ? { calendar } : {}) };
}
