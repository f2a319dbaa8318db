import { describe, expect, it } from 'vitest';
import { librivoxClip } from '../../../test/recordings-fixture';
import { createPocketsphinxStt, utterancesToText } from './pocketsphinx-stt';
import { SpeechToTextUnavailableError } from './stt-port';

describe('utterancesToText', () => {
  it('makes each utterance line a sentence', () => {
    expect(utterancesToText('he was not an ill disposed young man\n\n  he might even have been made amiable  himself\n')).toBe(
      'He was not an ill disposed young man. He might even have been made amiable himself.',
    );
    expect(utterancesToText('\n')).toBe('');
  });
});

describe('createPocketsphinxStt', () => {
  it('transcribes a spoken clip of pocketsphinx-testdata', async () => {
    const { text } = await createPocketsphinxStt().transcribe(librivoxClip('0880'), {});
    expect(text).toMatch(/^He was not an .* young man\.$/);
  });

  it('says which package to install when the model is missing', async () => {
    const stt = createPocketsphinxStt('/nonexistent/model');
    await expect(stt.transcribe(librivoxClip('0880'), {})).rejects.toThrow(SpeechToTextUnavailableError);
    await expect(stt.transcribe(librivoxClip('0880'), {})).rejects.toThrow(/pocketsphinx-en-us/);
  });
});
