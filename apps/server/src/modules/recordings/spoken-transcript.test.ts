import { describe, expect, it } from 'vitest';
import { pieceSegments, spokenTranscript, uploadedTranscript } from './spoken-transcript';

describe('pieceSegments', () => {
  it("moves the engine's segments to the recording's time; text alone starts where its piece does", () => {
    const piece = { start: 600, seconds: 600 };
    expect(pieceSegments(piece, { text: 'Hi.', segments: [{ start: 1.5, end: 3, speaker: 'A', text: 'Hi.' }] })).toEqual([
      { start: 601.5, end: 603, speaker: 'A', text: 'Hi.' },
    ]);
    expect(pieceSegments(piece, { text: 'Words of a piece.' })).toEqual([
      { start: 600, end: null, speaker: null, text: 'Words of a piece.' },
    ]);
    expect(pieceSegments(piece, { text: ' ' })).toEqual([]);
  });
});

describe('spokenTranscript', () => {
  it('numbers the speakers in order of first appearance, the same label in two pieces being one speaker', () => {
    const result = spokenTranscript([
      {
        start: 0,
        seconds: 600,
        text: 'x',
        segments: [
          { start: 1, end: 2, speaker: 'B', text: 'Hello.' },
          { start: 3, end: 4, speaker: 'A', text: 'Hi there.' },
        ],
      },
      { start: 600, seconds: 600, text: 'y', segments: [{ start: 601, end: 603, speaker: 'B', text: 'Shall we start?' }] },
    ]);
    expect(result.segments.map((s) => [s.start, s.speaker])).toEqual([
      [1, 'Speaker 1'],
      [3, 'Speaker 2'],
      [601, 'Speaker 1'],
    ]);
    expect(result.text).toBe('Speaker 1: Hello.\nSpeaker 2: Hi there.\nSpeaker 1: Shall we start?');
  });

  it("keeps the pieces' words in order when nobody is told apart", () => {
    const result = spokenTranscript([
      { start: 0, seconds: 600, text: 'One.', segments: [{ start: 0, end: 2, speaker: null, text: 'One.' }] },
      { start: 600, seconds: 600, text: 'Two.' },
    ]);
    expect(result).toEqual({ text: 'One. Two.', segments: [{ start: 0, end: 2, speaker: null, text: 'One.' }] });
  });
});

describe('uploadedTranscript', () => {
  it("uses the segments kept at upload, else reads the saved text again (the demo's)", () => {
    const kept = [{ start: 2, end: 4, speaker: 'Kaveri Rao', text: 'Hello.' }];
    expect(
      uploadedTranscript('Kaveri Rao: Hello.', [{ start: 0, seconds: 0, text: 'Kaveri Rao: Hello.', segments: kept }]).segments,
    ).toEqual(kept);
    expect(uploadedTranscript('Kaveri Rao: Hello.\nArjun Mehta: Hi.', null).segments).toEqual([
      { start: null, end: null, speaker: 'Kaveri Rao', text: 'Hello.' },
      { start: null, end: null, speaker: 'Arjun Mehta', text: 'Hi.' },
    ]);
    expect(uploadedTranscript('', null)).toEqual({ text: '', segments: [] });
  });
});
