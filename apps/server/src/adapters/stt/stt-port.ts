/** No engine can run here (none installed, or its model is missing): the recording stays playable without a transcript. */
export class SpeechToTextUnavailableError extends Error {
  override name = 'SpeechToTextUnavailableError';
}

/** The engine answered but cannot ever take this audio (a 4xx other than 429): trying again will not help. */
export class SpeechToTextRejectedError extends Error {
  override name = 'SpeechToTextRejectedError';
}

/**
 * A stretch of speech the engine timed: seconds from the start of the audio it was given, and the
 * speaker label the engine gave (its own: "A", "SPEAKER_00"...; null when it does not tell speakers apart).
 */
export type SpokenSegment = { start: number; end: number; speaker: string | null; text: string };
/** The words heard, and their segments where the engine times them (an engine that only gives text leaves them out). */
export type Transcription = { text: string; segments?: SpokenSegment[] };

/** Transcripts of consecutive pieces of one audio, as one: their words in order. */
export const joinTranscripts = (texts: string[]): string => texts.filter(Boolean).join(' ');

/** Speech to text: pocketsphinx on this machine by default, an OpenAI-compatible server with STT_URL. */
export interface SpeechToText {
  readonly name: string;
  /**
   * The words spoken in a 16 kHz mono 16-bit WAV file; sentences end with a full stop. `signal`
   * stops the work (child processes are killed, requests cancelled).
   */
  transcribe(wavPath: string, options: { signal?: AbortSignal }): Promise<Transcription>;
}
