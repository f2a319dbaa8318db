import { describe, expect, it } from 'vitest';
import { formatFigure, outOfBandText } from './figure-format';

describe('coaching figures in words', () => {
  it.each([
    ['talk_ratio', 0.434, '43%'],
    ['longest_monologue', 48.4, '48 s'],
    ['longest_monologue', 125, '2 min 05 s'],
    ['interactivity', 4.25, '4.3 per min'],
    ['patience', 0.96, '1 s'],
    ['questions', 12, '12'],
    ['questions', 12.96, '13'],
    ['questions', 11.5, '11.5'],
    ['questions_per_hour', 23.6, '24 per hour'],
    ['words_per_minute', 141.7, '142 wpm'],
    ['fillers_per_minute', 1.26, '1.3 per min'],
    ['talk_ratio', null, '—'],
  ] as const)('%s %s reads %s', (figure, value, text) => {
    expect(formatFigure(figure, value)).toBe(text);
  });

  it('says which side of its band a value is on', () => {
    expect(outOfBandText('talk_ratio', 0.72)).toBe('Above 65%');
    expect(outOfBandText('questions', 6)).toBe('Below 11');
    expect(outOfBandText('questions', 16)).toBe('Above 14');
    expect(outOfBandText('patience', 3)).toBe('Outside the band');
  });
});

describe('talk ratio near the 65% band', () => {
  it('shows a decimal where whole percent would hide which side of the band it is on', () => {
    expect(formatFigure('talk_ratio', 0.6543)).toBe('65.4%');
    expect(formatFigure('talk_ratio', 0.6482)).toBe('64.8%');
    expect(formatFigure('talk_ratio', 0.65)).toBe('65%');
    expect(formatFigure('talk_ratio', 0.43)).toBe('43%');
  });
});
