import { describe, expect, it } from 'vitest';
import { sniffMedia } from './media-sniffer';

const ftyp = (major: string, ...compatible: string[]) => {
  const brands = [major, '\0\0\0\0', ...compatible].join('');
  const box = Buffer.alloc(8 + brands.length);
  box.writeUInt32BE(box.length, 0);
  box.write('ftyp', 4, 'latin1');
  box.write(brands, 8, 'latin1');
  return Buffer.concat([box, Buffer.alloc(64)]);
};
const ebml = (docType: string) =>
  Buffer.concat([
    Buffer.from([0x1a, 0x45, 0xdf, 0xa3, 0x9f, 0x42, 0x86, 0x81, 0x01]),
    Buffer.from([0x42, 0x82, 0x80 | docType.length]),
    Buffer.from(docType, 'latin1'),
    Buffer.alloc(16),
  ]);
const riff = (form: string) => Buffer.concat([Buffer.from('RIFF\x24\0\0\0', 'latin1'), Buffer.from(form, 'latin1'), Buffer.alloc(32)]);

describe('sniffMedia', () => {
  it.each([
    ['mp4 (isom)', ftyp('isom', 'iso2', 'mp41'), 'mp4', 'video/mp4'],
    ['mp4 (mp42)', ftyp('mp42'), 'mp4', 'video/mp4'],
    ['mp4 with an unknown major brand but a known compatible one', ftyp('abcd', 'isom'), 'mp4', 'video/mp4'],
    ['mov', ftyp('qt  ', 'qt  '), 'mov', 'video/quicktime'],
    ['m4a', ftyp('M4A ', 'isom'), 'm4a', 'audio/mp4'],
    ['webm', ebml('webm'), 'webm', 'video/webm'],
    ['mkv', ebml('matroska'), 'mkv', 'video/x-matroska'],
    ['avi', riff('AVI '), 'avi', 'video/x-msvideo'],
    ['wav', riff('WAVE'), 'wav', 'audio/wav'],
    ['mp3 with ID3', Buffer.from('ID3\x03\0\0\0\0\0\0rest', 'latin1'), 'mp3', 'audio/mpeg'],
    ['mp3 frame (MPEG-1 layer III, 128 kbit/s, 44.1 kHz)', Buffer.from([0xff, 0xfb, 0x90, 0x64, 0, 0, 0, 0]), 'mp3', 'audio/mpeg'],
  ])('%s', (_name, head, ext, mediaType) => {
    expect(sniffMedia(head)).toEqual({ ext, mediaType });
  });

  it.each([
    ['plain text', Buffer.from('hello, this is a text file renamed to .mp4\n')],
    ['a PDF', Buffer.from('%PDF-1.4\n%âãÏÓ\n')],
    ['a HEIF image (ftyp heic)', ftyp('heic', 'mif1', 'heic')],
    ['a JPEG', Buffer.from([0xff, 0xd8, 0xff, 0xe0, 0, 0x10, 0x4a, 0x46])],
    ['EBML of another document type', ebml('foo')],
    ['a RIFF that is not audio or video', riff('WEBP')],
    ['an MPEG frame of layer II', Buffer.from([0xff, 0xfd, 0x90, 0x64])],
    ['an MPEG frame with a bad bitrate', Buffer.from([0xff, 0xfb, 0xf0, 0x64])],
    ['a zip (docx)', Buffer.from('PK\x03\x04\x14\0\0\0', 'latin1')],
    ['nothing', Buffer.alloc(0)],
    ['a few bytes', Buffer.from([0x00, 0x00])],
  ])('refuses %s', (_name, head) => {
    expect(sniffMedia(head)).toBeNull();
  });
});
