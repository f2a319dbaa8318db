import path from 'node:path';
import { DOCUMENT_EXTENSIONS } from '@pipewise/contract/videos';
import { rtfToText } from './rtf-text';
import { DOCUMENT_MAX_UNPACKED_BYTES, unpacksBeyond } from './zip-budget';

export type DocumentExtension = (typeof DOCUMENT_EXTENSIONS)[number];

/** The file's type by its name (.pdf, .doc, .docx, .txt, .rtf, .vtt, .srt), or null for any other. */
export function documentExtension(fileName: string): DocumentExtension | null {
  const ext = path.extname(fileName).toLowerCase();
  return (DOCUMENT_EXTENSIONS as readonly string[]).includes(ext) ? (ext as DocumentExtension) : null;
}

/** A document whose text could not be read: malformed, encrypted, or not what its name says. */
export class UnreadableDocumentError extends Error {
  override name = 'UnreadableDocumentError';
}

// The readers load on first use: the API process does not carry them until a document arrives.
async function pdfText(data: Buffer): Promise<string> {
  const { PDFParse } = await import('pdf-parse');
  const parser = new PDFParse({ data: new Uint8Array(data) });
  try {
    return (await parser.getText()).text;
  } finally {
    await parser.destroy();
  }
}

async function utf8Text(data: Buffer): Promise<string> {
  const text = new TextDecoder('utf-8', { fatal: true }).decode(data);
  return text.replace(/^\uFEFF/, '');
}

const EXTRACTORS: Record<DocumentExtension, (data: Buffer) => Promise<string>> = {
  '.pdf': pdfText,
  '.docx': async (data) => (await (await import('mammoth')).default.extractRawText({ buffer: data })).value,
  '.doc': async (data) => {
    const { default: WordExtractor } = await import('word-extractor');
    return (await new WordExtractor().extract(data)).getBody();
  },
  '.rtf': rtfToText,
  '.txt': utf8Text,
  // Subtitle files are text; their cues and speakers are read by the transcript parsers.
  '.vtt': utf8Text,
  '.srt': utf8Text,
};

/** A zip-based document (a .docx, or a .doc that is one) that unpacks to more than DOCUMENT_MAX_UNPACKED_BYTES: a zip bomb. */
export class DocumentTooLargeError extends Error {
  override name = 'DocumentTooLargeError';
  readonly maxBytes = DOCUMENT_MAX_UNPACKED_BYTES;
}

/** Characters no text column can store (NUL, unpaired surrogates) and other control characters except tab and newline. */
// eslint-disable-next-line no-control-regex -- control characters are what this removes
const UNSTORABLE = /[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f]|[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/g;

/**
 * The plain text of a document, trimmed, with line endings unified and unstorable characters
 * removed. Throws UnreadableDocumentError when the file cannot be read as its type, and
 * DocumentTooLargeError, before reading it, when it is a zip that unpacks beyond its budget.
 */
export async function extractDocumentText(ext: DocumentExtension, data: Buffer): Promise<string> {
  if (unpacksBeyond(data)) throw new DocumentTooLargeError(`the document unpacks to more than ${DOCUMENT_MAX_UNPACKED_BYTES} bytes`);
  let text: string;
  try {
    text = await EXTRACTORS[ext](data);
  } catch (error) {
    throw new UnreadableDocumentError(error instanceof Error ? error.message : String(error));
  }
  return text
    .replace(/\r\n?/g, '\n')
    .replace(UNSTORABLE, '')
    .replace(/\n{3,}/g, '\n\n')
    .trim();
}
