/** What the server accepts as a recording, decided from the file's first bytes (never its name or declared type). */
export type MediaKind = { ext: 'mp4' | 'mov' | 'm4a' | 'webm' | 'mkv' | 'avi' | 'wav' | 'mp3'; mediaType: string };

export const ACCEPTED_MEDIA = 'mp4, mov, webm, mkv, avi, m4a, mp3 or wav';
/** How many leading bytes the sniffer looks at (the EBML header and an ftyp box fit well inside). */
export const SNIFF_BYTES = 4096;

const MP4 = { ext: 'mp4', mediaType: 'video/mp4' } as const;
const MOV = { ext: 'mov', mediaType: 'video/quicktime' } as const;
const M4A = { ext: 'm4a', mediaType: 'audio/mp4' } as const;

/** ISO base media brands of video and audio files (not HEIF images, which are ftyp files too). */
const MP4_BRANDS = new Set([
  'isom',
  'iso2',
  'iso3',
  'iso4',
  'iso5',
  'iso6',
  'mp41',
  'mp42',
  'mp71',
  'avc1',
  'dash',
  'M4V ',
  'M4VH',
  'M4VP',
  'MSNV',
  'mmp4',
  'f4v ',
  'XAVC',
  '3gp4',
  '3gp5',
  '3gp6',
  '3g2a',
]);
const M4A_BRANDS = new Set(['M4A ', 'M4B ', 'M4P ', 'F4A ']);

const ascii = (b: Buffer, start: number, end: number) => b.toString('latin1', start, end);

function sniffFtyp(b: Buffer): MediaKind | null {
  if (b.length < 12 || ascii(b, 4, 8) !== 'ftyp') return null;
  const major = ascii(b, 8, 12);
  if (major === 'qt  ') return MOV;
  if (M4A_BRANDS.has(major)) return M4A;
  if (MP4_BRANDS.has(major)) return MP4;
  // An unknown major brand: a compatible brand of ours still makes it a playable file.
  const boxEnd = Math.min(b.readUInt32BE(0), b.length);
  for (let i = 16; i + 4 <= boxEnd; i += 4) {
    const brand = ascii(b, i, i + 4);
    if (brand === 'qt  ') return MOV;
    if (MP4_BRANDS.has(brand)) return MP4;
    if (M4A_BRANDS.has(brand)) return M4A;
  }
  return null;
}

/** EBML (Matroska, WebM): the DocType element (0x4282) inside the header names which. */
function sniffEbml(b: Buffer): MediaKind | null {
  if (b.length < 4 || b.readUInt32BE(0) !== 0x1a45dfa3) return null;
  for (let i = 4; i + 3 < b.length; i++) {
    if (b[i] !== 0x42 || b[i + 1] !== 0x82) continue;
    const sizeByte = b[i + 2]!;
    // A one-byte size (0x80 | n) is what every muxer writes for the DocType.
    if ((sizeByte & 0x80) === 0) continue;
    const docType = ascii(b, i + 3, i + 3 + (sizeByte & 0x7f));
    if (docType === 'webm') return { ext: 'webm', mediaType: 'video/webm' };
    if (docType === 'matroska') return { ext: 'mkv', mediaType: 'video/x-matroska' };
    return null;
  }
  return null;
}

function sniffRiff(b: Buffer): MediaKind | null {
  if (b.length < 12 || ascii(b, 0, 4) !== 'RIFF') return null;
  const form = ascii(b, 8, 12);
  if (form === 'AVI ') return { ext: 'avi', mediaType: 'video/x-msvideo' };
  if (form === 'WAVE') return { ext: 'wav', mediaType: 'audio/wav' };
  return null;
}

/** MPEG audio layer III: an ID3v2 tag, or a frame header with valid version, layer, bitrate and rate. */
function sniffMp3(b: Buffer): MediaKind | null {
  const mp3 = { ext: 'mp3', mediaType: 'audio/mpeg' } as const;
  if (b.length >= 10 && ascii(b, 0, 3) === 'ID3' && b[3]! <= 4) return mp3;
  if (b.length < 4 || b[0] !== 0xff || (b[1]! & 0xe0) !== 0xe0) return null;
  const version = (b[1]! >> 3) & 0x3;
  const layer = (b[1]! >> 1) & 0x3;
  const bitrate = b[2]! >> 4;
  const rate = (b[2]! >> 2) & 0x3;
  return version !== 1 && layer === 1 && bitrate !== 0xf && bitrate !== 0 && rate !== 3 ? mp3 : null;
}

/** The media kind of a file from its first bytes (up to SNIFF_BYTES), or null when it is none we accept. */
export function sniffMedia(head: Buffer): MediaKind | null {
  return sniffFtyp(head) ?? sniffEbml(head) ?? sniffRiff(head) ?? sniffMp3(head);
}
