declare module 'webvtt-parser' {
  /** A node of a cue's text as the parser reads it: text, or a tag (`v` for a voice, with the speaker as its value). */
  export type WebVttNode = { type: 'text'; value: string } | { type: 'object'; name: string; value?: string; children: WebVttNode[] };
  export type WebVttCue = { id: string; startTime: number; endTime: number; text: string; tree: { children: WebVttNode[] } };
  export type WebVttError = { message: string; line: number; col?: number };
  /** The part of webvtt-parser (the W3C validator's parser) this app uses. */
  export class WebVTTParser {
    /** Named character references ("&amp;" -> "&"); the default knows five, keyed without ";". */
    constructor(entities?: Record<string, string>);
    parse(input: string, mode: 'metadata' | 'chapters'): { cues: WebVttCue[]; errors: WebVttError[] };
  }
  const webvtt: { WebVTTParser: typeof WebVTTParser };
  export default webvtt;
}
