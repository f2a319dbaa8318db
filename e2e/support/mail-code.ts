/**
 * Just enough MIME to read a sign-in mail as nodemailer sends it: headers, multipart bodies,
 * quoted-printable and base64. The code is the first 6-digit number of the text/plain part; a
 * meeting invitation's iCalendar part is read too.
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

/** The decoded body of the first part (depth first) whose content type matches `wanted`. */
function findPart(part: Part, wanted: RegExp): string | undefined {
  const type = part.headers.get('content-type') ?? 'text/plain';
  if (/^multipart\//i.test(type)) {
    const boundary = /boundary="?([^";]+)"?/i.exec(type)?.[1];
    if (!boundary) return undefined;
    const chunks = part.body.split(`--${boundary}`).slice(1);
    for (const chunk of chunks) {
      if (chunk.startsWith('--')) break;
      const found = findPart(splitPart(chunk.replace(/^\n/, '')), wanted);
      if (found !== undefined) return found;
    }
    return undefined;
  }
  return wanted.test(type) ? decodeBody(part) : undefined;
}

/** A mail's subject, its text/plain part, the first 6-digit number in it, and its iCalendar part if any. */
export type ParsedMail = { subject: string; text: string; code: string | undefined; calendar: string | undefined };

export function parseMail(raw: string): ParsedMail {
  const message = splitPart(raw);
  const text = findPart(message, /^text\/plain/i) ?? '';
  const calendar = findPart(message, /^(text|application)\/(calendar|ics)/i);
  return { subject: message.headers.get('subject') ?? '', text, code: /\b(\d{6})\b/.exec(text)?.[1], calendar };
}
