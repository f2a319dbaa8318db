/** No engine can run here (none installed, or its model is missing): the recording stays playable without a transcript. */
export class SpeechToTextUnavailableError extends Error {
  override name = 'SpeechToTextUnavailableError';
}

/** The engine answered but cannot ever take this audio (a 4xx other than 429): trying again will not help. */
export class SpeechToTextRejectedError extends Error {
  override name = 'SpeechToTextRejectedError';
}

/** Words spoken between `start` and `end` (seconds from the start of the audio). */
export type TranscriptSegment = { start: number; end: number; text: string };

export type Transcription = {
  text: string;
  /** Time-coded parts of `text`, when the engine tells them; empty otherwise. */
  segments: TranscriptSegment[];
};

/** Speech to text: pocketsphinx on this machine by default, an OpenAI-compatible server with STT_URL. */
export interface SpeechToText {
  readonly name: string;
  /**
   * The words spoken in a 16 kHz mono 16-bit WAV file; sentences end with a full stop. `signal`
   * stops the work (child processes are killed, requests cancelled).
   */
  transcribe(wavPath: string, options: { signal?: AbortSignal }): Promise<Transcription>;
}
