import type { Config } from '../../config';
import { createOpenAiStt } from './openai-stt';
import { createPocketsphinxStt } from './pocketsphinx-stt';
import type { SpeechToText } from './stt-port';

/** STT_URL chooses a remote OpenAI-compatible server; otherwise pocketsphinx on this machine. */
export function createSpeechToText(config: Pick<Config, 'stt'>): SpeechToText {
  return config.stt ? createOpenAiStt(config.stt) : createPocketsphinxStt();
}
