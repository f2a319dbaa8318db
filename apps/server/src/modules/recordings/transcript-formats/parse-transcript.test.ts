import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { parseTranscript, readableTranscript, TranscriptFormatError } from './parse-transcript';

const fixture = (name: string) => fs.readFileSync(path.join(import.meta.dirname, '../../../../test/transcripts', name), 'utf8');
const brief = (name: string, fileName = name) => {
  const { format, segments } = parseTranscript(fixture(name), fileName);
  return { format, rows: segments.map((s) => [s.start, s.end, s.speaker, s.text]) };
};

describe('parseTranscript', () => {
  it('reads a Zoom WebVTT file: cue numbers, "Name: text" in each cue, times in seconds', () => {
    expect(brief('zoom.vtt')).toEqual({
      format: 'webvtt',
      rows: [
        [2.35, 6.12, 'Kaveri Rao', 'Hi everyone, thanks for joining. Can you all hear me?'],
        [6.5, 9.87, 'Arjun Mehta', 'Loud and clear. Thanks for making the time, Kaveri.'],
        [10.21, 16.04, 'Kaveri Rao', 'So the main thing on our side is pricing: we need the final number by Thursday.'],
        [16.4, 21.93, 'Arjun Mehta', "Understood. I'll send the revised proposal by Thursday, with the annual discount."],
        [62, 65.48, 'Priya Nair (Sahyadri)', 'And legal will want the MSA before we sign.'],
      ],
    });
  });

  it('reads a Microsoft Teams WebVTT file: GUID cue ids, <v Name> voice tags, past a cue with a broken timing line', () => {
    const { format, rows } = brief('teams.vtt');
    expect(format).toBe('webvtt');
    expect(rows).toEqual([
      [3.528, 7.912, 'Kaveri Rao', "Good morning. Let's start with where we are on the rollout."],
      [7.912, 10.224, 'Kaveri Rao', 'We would like to go live in March.'],
      [11.016, 16.48, 'Arjun Mehta', 'March works. The budget is 48,000 dollars for the first year.'],
      [3725.3, 3729.75, 'Priya Nair', 'Thanks all, talk next week.'],
    ]);
  });

  it('reads character references and voice tags with classes, past NOTE blocks', () => {
    const vtt = 'WEBVTT\n\nNOTE\nExported by Teams\n\n00:01.000 --> 00:04.000\n<v.loud Kaveri Rao>Terms &amp; pricing &lt;final&gt;</v>\n';
    expect(parseTranscript(vtt).segments).toEqual([{ start: 1, end: 4, speaker: 'Kaveri Rao', text: 'Terms & pricing <final>' }]);
  });

  it('reads a Google Meet WebVTT file, where a cue without a name continues the speaker before it', () => {
    expect(brief('meet.vtt').rows).toEqual([
      [0, 4.62, 'Kaveri Rao', "Okay, I think everyone's here."],
      [4.62, 8.11, 'Kaveri Rao', "Let's walk through the security review."],
      [9.3, 14.85, 'Arjun Mehta', 'Sure. The questionnaire went back to your team last Friday.'],
      [15.02, 18.4, 'Kaveri Rao', 'Great, then the next step is a call with our CISO.'],
    ]);
  });

  it('reads SRT (Windows line ends, multi-line cues, <i> tags), with and without speakers', () => {
    expect(brief('call.srt')).toEqual({
      format: 'srt',
      rows: [
        [1, 4.2, 'Kaveri Rao', 'Can we get the pricing sheet before Friday?'],
        [4.9, 8.3, 'Arjun Mehta', 'Yes, I will send it tomorrow.'],
        [70, 72.5, 'Kaveri Rao', 'Perfect, thanks.'],
      ],
    });
    expect(brief('no-speakers.srt').rows).toEqual([
      [0.5, 3, null, 'Welcome to the quarterly review.'],
      [3.2, 6.1, null, 'Revenue grew twelve percent.'],
    ]);
  });

  it('reads Zoom\'s plain-text transcript: "[Name] time of day" lines, times from the first one', () => {
    expect(brief('zoom-transcript.txt')).toEqual({
      format: 'zoom-txt',
      rows: [
        [0, 9, 'Kaveri Rao', 'Hi Arjun, thanks for joining. Before we start, is the demo environment ready?'],
        [9, 100, 'Arjun Mehta', "Yes, it's all set up. I'll share my screen in a second."],
        [100, 138, 'Kaveri Rao', 'Great. Our decision maker is Meera, she joins at half past. She has final sign-off on the budget.'],
        [138, null, 'Arjun Mehta', "Perfect, I'll keep the pricing section for when she's here."],
      ],
    });
  });

  it('reads a Google Meet transcript document: speaker line then words, a time line every few minutes, no boilerplate', () => {
    expect(brief('meet-transcript.txt')).toEqual({
      format: 'meet-doc',
      rows: [
        [0, null, 'Kaveri Rao', 'Thanks for joining, everyone. The goal today is to agree on the pricing.'],
        [null, null, 'Arjun Mehta', 'Happy to. We sent the proposal last week, at 52,000 for the year.'],
        [null, null, 'Kaveri Rao', 'That is a bit above our budget.'],
        [300, null, 'Priya Nair', 'Can we look at a two-year term instead?'],
        [null, null, 'Arjun Mehta', 'Yes, a two-year term brings it down by ten percent.'],
      ],
    });
  });

  it('reads typed "Name: text" lines (a line with no name continues the turn) and text with no speakers', () => {
    expect(brief('typed.txt')).toEqual({
      format: 'speaker-lines',
      rows: [
        [null, null, 'Kaveri Rao', 'We liked the demo, the reporting piece especially.'],
        [null, null, 'Arjun Mehta', 'Great to hear. What would you need to move forward?'],
        [null, null, 'Kaveri Rao', 'A security review, and a quote for 40 seats. It should include the onboarding package.'],
        [null, null, 'Arjun Mehta', "I'll send the quote by Friday."],
      ],
    });
    const plain = brief('notes.txt');
    expect(plain.format).toBe('plain');
    expect(plain.rows.map((r) => r.slice(0, 3))).toEqual([
      [null, null, null],
      [null, null, null],
    ]);
    expect(plain.rows[1]![3]).toMatch(/^Pricing: they asked/);
  });

  it('detects the format by content, not by the file name', () => {
    expect(parseTranscript(fixture('teams.vtt'), 'captions.txt').format).toBe('webvtt');
    expect(parseTranscript(fixture('call.srt'), 'call.txt').format).toBe('srt');
    expect(parseTranscript('Pricing: we need it by Friday.').format).toBe('plain');
    expect(parseTranscript('Budget: 40 lakh\nTimeline: March\nDecision maker: the CFO').format).toBe('plain');
  });

  it('refuses broken files with a message naming the problem', () => {
    const refusal = (text: string, name?: string) => {
      try {
        parseTranscript(text, name);
      } catch (e) {
        expect(e).toBeInstanceOf(TranscriptFormatError);
        return (e as Error).message;
      }
      throw new Error('no refusal');
    };
    expect(refusal('Kaveri: hello', 'call.vtt')).toBe('This .vtt file is not WebVTT: it must start with the line "WEBVTT".');
    expect(refusal('WEBVTT\n\n00:00:01.000 --> nonsense\nHello', 'call.vtt')).toMatch(
      /^This WebVTT file could not be read: .+ \(line \d+\)\.$/,
    );
    expect(refusal('WEBVTT\n', 'call.vtt')).toBe('This WebVTT file has no captions in it.');
    expect(refusal('1\n00:00:01,000 -> 00:00:02,000\nHi', 'call.srt')).toMatch(/^This SRT file could not be read: /);
    expect(refusal('just words', 'call.srt')).toMatch(/^This SRT file could not be read: /);
    expect(refusal('  \n\n ')).toBe('This transcript has no words in it.');
  });
});

describe('readableTranscript', () => {
  it('writes one "Name: text" line per speaker turn, or paragraphs without speakers', () => {
    expect(readableTranscript(parseTranscript(fixture('teams.vtt')).segments)).toBe(
      [
        "Kaveri Rao: Good morning. Let's start with where we are on the rollout. We would like to go live in March.",
        'Arjun Mehta: March works. The budget is 48,000 dollars for the first year.',
        'Priya Nair: Thanks all, talk next week.',
      ].join('\n'),
    );
    expect(readableTranscript(parseTranscript(fixture('no-speakers.srt')).segments)).toBe(
      'Welcome to the quarterly review.\n\nRevenue grew twelve percent.',
    );
  });
});
