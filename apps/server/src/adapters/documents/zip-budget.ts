import zlib from 'node:zlib';

/** The most a zip-based document (.docx, or a .doc that is one) may unpack to: far above any real document's text. */
export const DOCUMENT_MAX_UNPACKED_BYTES = 64 * 1024 * 1024;

const isZip = (data: Buffer) => data.length >= 4 && data.readUInt32LE(0) === 0x04034b50;

/**
 * Whether a zip's entries unpack to more than `max` bytes in all. Each entry is inflated here with
 * a cap (the sizes a zip declares may lie), from where its reader takes it: the central
 * directory's offset and compressed size, as the Word readers do. Inflating stops at the cap, so
 * a zip bomb costs at most `max` bytes and a fraction of a second (a stream cut short counts what it
 * holds, as a lenient reader would read it). Data that is not a zip, or a damaged one, is left to the
 * reader to refuse.
 */
export function unpacksBeyond(data: Buffer, max = DOCUMENT_MAX_UNPACKED_BYTES): boolean {
  if (!isZip(data)) return false;
  const end = data.lastIndexOf(Buffer.from([0x50, 0x4b, 0x05, 0x06]));
  if (end < 0 || end + 22 > data.length) return false;
  const count = data.readUInt16LE(end + 10);
  let at = data.readUInt32LE(end + 16);
  let left = max;
  for (let i = 0; i < count; i++) {
    if (at + 46 > data.length || data.readUInt32LE(at) !== 0x02014b50) return false;
    const method = data.readUInt16LE(at + 10);
    const packed = data.readUInt32LE(at + 20);
    const local = data.readUInt32LE(at + 42);
    at += 46 + data.readUInt16LE(at + 28) + data.readUInt16LE(at + 30) + data.readUInt16LE(at + 32);
    if (local + 30 > data.length || data.readUInt32LE(local) !== 0x04034b50) return false;
    const start = local + 30 + data.readUInt16LE(local + 26) + data.readUInt16LE(local + 28);
    const body = data.subarray(start, start + packed);
    let size = body.length;
    if (method === 8) {
      try {
        size = zlib.inflateRawSync(body, { maxOutputLength: left + 1, finishFlush: zlib.constants.Z_SYNC_FLUSH }).length;
      } catch (error) {
        if ((error as { code?: string }).code === 'ERR_BUFFER_TOO_LARGE') return true;
        return false;
      }
    }
    left -= size;
    if (left < 0) return true;
  }
  return false;
}
