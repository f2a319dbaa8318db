import fs from 'node:fs';
import path from 'node:path';
import { runTool, toolTimeoutMs, ToolMissingError } from '../media/run-tool';
import { readWavInfo } from '../media/wav-file';
import { SpeechToTextUnavailableError, type SpeechToText, type Transcription } from './stt-port';

/** Where Debian's pocketsphinx-en-us package puts the US English model. */
export const POCKETSPHINX_MODEL_DIR = '/usr/share/pocketsphinx/model/en-us';

export function pocketsphinxArgs(wavPath: string, modelDir = POCKETSPHINX_MODEL_DIR): string[] {
  return [
    '-infile',
    wavPath,
    '-hmm',
    path.join(modelDir, 'en-us'),
    '-lm',
    path.join(modelDir, 'en-us.lm.bin'),
    '-dict',
    path.join(modelDir, 'cmudict-en-us.dict'),
    '-logfn',
    '/dev/null',
    // Each utterance is followed by its words with their start and end times.
    '-time',
    'yes',
  ];
}

/** A word line of `-time yes`: the word, its start and end in seconds, its probability. */
const WORD_LINE = /^(\S+) (\d+(?:\.\d+)?) (\d+(?:\.\d+)?) (-?\d+(?:\.\d+)?(?:e-?\d+)?)$/;
/** Silence, noise and sentence marks pocketsphinx times but nobody said. */
const isFiller = (word: string) => /^(<.*>|\[.*\])$/.test(word);

/**
 * pocketsphinx's `-time yes` output: an utterance line, then a line per word with its times. Each
 * utterance becomes a sentence and a segment from its first spoken word to its last.
 */
export function readUtterances(stdout: string): Transcription {
  const utterances: { line: string; start: number | null; end: number | null }[] = [];
  for (const raw of stdout.split('\n')) {
    const line = raw.trim();
    if (!line) continue;
    const word = WORD_LINE.exec(line);
    const current = utterances.at(-1);
    if (word && current) {
      if (!isFiller(word[1]!)) {
        current.start ??= Number(word[2]);
        current.end = Number(word[3]);
      }
      continue;
    }
    utterances.push({ line, start: null, end: null });
  }
  const sentences = utterances.map((u) => ({ ...u, text: utterancesToText(u.line) })).filter((u) => u.text);
  return {
    text: sentences.map((u) => u.text).join(' '),
    segments: sentences.flatMap((u) => (u.start === null ? [] : [{ start: u.start, end: u.end ?? u.start, speaker: null, text: u.text }])),
  };
}

/**
 * pocketsphinx prints one line per utterance (it splits at pauses) and no punctuation: each line
 * becomes a sentence, so summaries and key points can pick whole sentences.
 */
export function utterancesToText(stdout: string): string {
  return stdout
    .split('\n')
    .map((line) => line.trim().replace(/\s+/g, ' '))
    .filter((line) => line.length > 0)
    .map((line) => `${line[0]!.toUpperCase()}${line.slice(1)}${/[.!?]$/.test(line) ? '' : '.'}`)
    .join(' ');
}

/** pocketsphinx decodes at about real time on a slow, busy core: it may take three times the audio's length, plus two minutes. */
export const POCKETSPHINX_BUDGET = { baseMs: 120_000, perMediaSecondMs: 3000 };

/** CMU pocketsphinx (`pocketsphinx_continuous`, Debian's pocketsphinx + pocketsphinx-en-us), offline. */
export function createPocketsphinxStt(modelDir = POCKETSPHINX_MODEL_DIR): SpeechToText {
  return {
    name: 'pocketsphinx',
    async transcribe(wavPath, { signal }) {
      if (!fs.existsSync(path.join(modelDir, 'en-us.lm.bin'))) {
        throw new SpeechToTextUnavailableError(
          `The pocketsphinx English model is missing (${modelDir}): install Debian's pocketsphinx-en-us package`,
        );
      }
      try {
        const { durationSeconds } = await readWavInfo(wavPath);
        const { stdout } = await runTool('pocketsphinx_continuous', pocketsphinxArgs(wavPath, modelDir), {
          signal,
          timeoutMs: toolTimeoutMs(POCKETSPHINX_BUDGET, durationSeconds),
          debianPackage: 'pocketsphinx',
        });
        return readUtterances(stdout);
      } catch (e) {
        if (e instanceof ToolMissingError) throw new SpeechToTextUnavailableError(e.message);
        throw e;
      }
    },
  };
}
