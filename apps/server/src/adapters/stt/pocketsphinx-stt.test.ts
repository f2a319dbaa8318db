import { describe, expect, it } from 'vitest';
import { librivoxClip } from '../../../test/recordings-fixture';
import { createPocketsphinxStt, readUtterances, utterancesToText } from './pocketsphinx-stt';
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
    const { text, segments } = await createPocketsphinxStt().transcribe(librivoxClip('0880'), {});
    expect(text).toMatch(/^He was not an .* young man\.$/);
    // The clip's one utterance, timed within its three seconds.
    expect(segments).toHaveLength(1);
    expect(segments![0]!.start).toBeGreaterThanOrEqual(0);
    expect(segments![0]!.end).toBeGreaterThan(segments![0]!.start);
    expect(segments![0]!.end).toBeLessThan(3.1);
  });

  it('says which package to install when the model is missing', async () => {
    const stt = createPocketsphinxStt('/nonexistent/model');
    await expect(stt.transcribe(librivoxClip('0880'), {})).rejects.toThrow(SpeechToTextUnavailableError);
    await expect(stt.transcribe(librivoxClip('0880'), {})).rejects.toThrow(/pocketsphinx-en-us/);
  });
});

describe('readUtterances', () => {
  it('makes each utterance a sentence and a segment from its first spoken word to its last (-time yes)', () => {
    const stdout = [
      'he was not an ill disposed young man',
      '<s> 7.250 7.270 1.000000',
      'he 7.280 7.400 0.998701',
      '<sil> 8.040 8.170 0.650542',
      'man(2) 9.400 9.780 0.905008',
      '</s> 9.790 10.150 1.000000',
      'might even have been',
      '<s> 10.270 10.290 1.000000',
      '[NOISE] 10.300 10.500 0.5',
      'might 10.510 10.800 0.99',
      'been 11.000 11.260 0.98',
      '</s> 11.270 11.500 1.000000',
      '',
    ].join('\n');
    expect(readUtterances(stdout)).toEqual({
      text: 'He was not an ill disposed young man. Might even have been.',
      segments: [
        { start: 7.28, end: 9.78, speaker: null, text: 'He was not an ill disposed young man.' },
        { start: 10.51, end: 11.26, speaker: null, text: 'Might even have been.' },
      ],
    });
  });
});
