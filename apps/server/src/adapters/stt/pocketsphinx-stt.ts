import fs from 'node:fs';
import path from 'node:path';
import { runTool, toolTimeoutMs, ToolMissingError } from '../media/run-tool';
import { readWavInfo } from '../media/wav-file';
import { SpeechToTextUnavailableError, type SpeechToText } from './stt-port';

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
  ];
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
        return { text: utterancesToText(stdout) };
      } catch (e) {
        if (e instanceof ToolMissingError) throw new SpeechToTextUnavailableError(e.message);
        throw e;
      }
    },
  };
}
