import { describe, expect, it } from 'vitest';
import { minimalDocx, minimalPdf, minimalRtf } from '../../../test/recordings-kit';
import { documentExtension, extractDocumentText, UnreadableDocumentError } from './document-text';

describe('extractDocumentText', () => {
  it('reads a PDF', async () => {
    expect(await extractDocumentText('.pdf', minimalPdf('Budget approved for Q3 rollout'))).toContain('Budget approved for Q3 rollout');
  });
  it('reads a .docx', async () => {
    expect(await extractDocumentText('.docx', minimalDocx('First line\nSecond line'))).toBe('First line\n\nSecond line');
  });
  it('reads a .doc that is really a Word 2007 file', async () => {
    expect(await extractDocumentText('.doc', minimalDocx('Renamed docx'))).toContain('Renamed docx');
  });
  it('reads RTF body text and skips the font table', async () => {
    const text = await extractDocumentText('.rtf', minimalRtf('Hello team\nNext steps'));
    expect(text).toBe('Hello team\nNext steps\nCafé € done');
  });
  it('reads UTF-8 text without its BOM and removes characters no column can store', async () => {
    expect(await extractDocumentText('.txt', Buffer.from('\uFEFFNotes\u0000 here\r\nand there'))).toBe('Notes here\nand there');
  });
  it.each([
    ['.pdf', Buffer.from('%PDF-1.4\nthis is not really a pdf')],
    ['.docx', Buffer.from('plain text, not a zip')],
    ['.doc', Buffer.from('plain text, not a Word file')],
    ['.rtf', Buffer.from('not rtf at all')],
    ['.txt', Buffer.from([0xff, 0xfe, 0xfd])],
  ] as const)('refuses an unreadable %s', async (ext, data) => {
    await expect(extractDocumentText(ext, data)).rejects.toBeInstanceOf(UnreadableDocumentError);
  });
  it('knows the accepted extensions', () => {
    expect(['a.PDF', 'b.docx', 'c.doc', 'd.txt', 'e.rtf', 'f.mp4', 'g'].map(documentExtension)).toEqual([
      '.pdf',
      '.docx',
      '.doc',
      '.txt',
      '.rtf',
      null,
      null,
    ]);
  });
});
