declare module 'word-extractor' {
  /** The part of word-extractor this app uses: a .doc (or .docx) file's body text. */
  export default class WordExtractor {
    extract(source: string | Buffer): Promise<{ getBody(): string }>;
  }
}
