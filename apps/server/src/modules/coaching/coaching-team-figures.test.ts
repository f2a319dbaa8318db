import { describe, expect, it } from 'vitest';
import { COACHING_MESSAGES } from '@pipewise/contract/coaching';
import { HttpError } from '../../lib/http-error';
import { bestAndWorst, meansOf, outOfBand, teamMedian, type FigureValues, type PersonCall } from './coaching-team-figures';
import { mondayOf, resolvePeriod, startOfDay, weeksOf } from './coaching-team-period';

const values = (over: Partial<FigureValues>): FigureValues => ({
  talk_ratio: null,
  longest_monologue: null,
  interactivity: null,
  patience: null,
  questions: null,
  questions_per_hour: null,
  words_per_minute: null,
  fillers_per_minute: null,
  ...over,
});
const call = (id: string, day: string, over: Partial<FigureValues>, start: number | null = null): PersonCall => ({
  recordingId: id,
  recordedAt: new Date(`${day}T10:00:00Z`),
  longestMonologueStart: start,
  values: values(over),
});

describe('the period', () => {
  const now = new Date('2026-06-17T20:00:00Z');
  it.each([
    [{}, 'UTC', '2026-05-19', '2026-06-17'],
    // 20:00 UTC is already the 18th in India.
    [{}, 'Asia/Kolkata', '2026-05-20', '2026-06-18'],
    [{ to: '2026-02-28' }, 'UTC', '2026-01-30', '2026-02-28'],
    [{ from: '2026-06-17' }, 'UTC', '2026-06-17', '2026-06-17'],
    [{ from: '2025-06-18', to: '2026-06-18' }, 'UTC', '2025-06-18', '2026-06-18'],
  ])('%j in %s is %s to %s', (asked, zone, from, to) => {
    expect(resolvePeriod(asked, zone, now)).toMatchObject({ from, to, zone });
  });

  it('reads between the local midnights that bound it', () => {
    const p = resolvePeriod({ from: '2026-03-07', to: '2026-03-08' }, 'America/New_York', now);
    expect(p.start.toISOString()).toBe('2026-03-07T05:00:00.000Z');
    // The clocks go forward on the 8th: the 9th starts at 04:00 UTC.
    expect(p.end.toISOString()).toBe('2026-03-09T04:00:00.000Z');
    expect(startOfDay('2026-06-01', 'Asia/Kolkata').toISOString()).toBe('2026-05-31T18:30:00.000Z');
  });

  it.each([
    [{ from: '2026-06-02', to: '2026-06-01' }, COACHING_MESSAGES.reversed],
    [{ from: '2025-06-16', to: '2026-06-17' }, COACHING_MESSAGES.tooLong],
    [{ from: '2027-01-01' }, COACHING_MESSAGES.reversed],
  ])('refuses %j: %s', (asked, message) => {
    expect(() => resolvePeriod(asked, 'UTC', now)).toThrow(new HttpError(400, message));
  });

  it('covers the period with Monday-start weeks', () => {
    expect(mondayOf('2026-06-14')).toBe('2026-06-08'); // a Sunday
    expect(mondayOf('2026-06-15')).toBe('2026-06-15');
    expect(weeksOf({ from: '2026-06-03', to: '2026-06-15' })).toEqual(['2026-06-01', '2026-06-08', '2026-06-15']);
    expect(weeksOf({ from: '2026-06-15', to: '2026-06-15' })).toEqual(['2026-06-15']);
  });
});

describe('the figures', () => {
  it('a mean per figure over the calls that have it, with how many those are', () => {
    const m = meansOf([call('a', '2026-06-01', { talk_ratio: 0.4, patience: 1 }), call('b', '2026-06-02', { talk_ratio: 0.6 })]);
    expect(m.calls).toBe(2);
    expect(m.figures.talk_ratio.value).toBeCloseTo(0.5, 9);
    expect(m.figures.talk_ratio.calls).toBe(2);
    expect(m.figures.patience).toEqual({ value: 1, calls: 1 });
    expect(m.figures.questions).toEqual({ value: null, calls: 0 });
  });

  it.each([
    ['talk_ratio', 0.65, false],
    ['talk_ratio', 0.651, true],
    ['talk_ratio', 0.1, false],
    ['questions', 11, false],
    ['questions', 14, false],
    ['questions', 10.5, true],
    ['questions', 15, true],
    ['interactivity', 100, false],
    ['talk_ratio', null, false],
  ] as const)('%s %s out of band: %s', (figure, value, out) => {
    expect(outOfBand(figure, value)).toBe(out);
  });

  it('the median of the people who have the figure, odd and even counts', () => {
    const person = (talk: number | null, calls: number) => ({
      figures: meansOf(Array.from({ length: calls }, (_, i) => call(String(i), '2026-06-01', { talk_ratio: talk }))).figures,
    });
    const odd = teamMedian([person(0.2, 1), person(0.9, 2), person(0.5, 3), person(null, 4)]);
    expect(odd.talk_ratio).toEqual({ value: 0.5, calls: 6 });
    expect(teamMedian([person(0.2, 1), person(0.6, 1)]).talk_ratio.value).toBeCloseTo(0.4, 9);
    expect(teamMedian([]).talk_ratio).toEqual({ value: null, calls: 0 });
  });

  it('best and worst calls: nearest the target or band, the research’s direction, else nearest the median', () => {
    const calls = [
      call(
        'early',
        '2026-06-01',
        { talk_ratio: 0.45, longest_monologue: 30, questions: 20, words_per_minute: 200, fillers_per_minute: 1 },
        5,
      ),
      call(
        'mid',
        '2026-06-02',
        { talk_ratio: 0.8, longest_monologue: 90, questions: 12, words_per_minute: 150, fillers_per_minute: 4 },
        40,
      ),
      call('late', '2026-06-03', { talk_ratio: 0.3, longest_monologue: 60, questions: 13, words_per_minute: 120 }, 7),
    ];
    const team = teamMedian([{ figures: meansOf(calls).figures }]);
    const { best, worst } = bestAndWorst(calls, { ...team, words_per_minute: { value: 145, calls: 3 } });
    const of = (list: typeof best, figure: string) => list.find((c) => c.figure === figure);
    expect(of(best, 'talk_ratio')).toMatchObject({ recordingId: 'early', value: 0.45, at: null });
    expect(of(worst, 'talk_ratio')).toMatchObject({ recordingId: 'mid' });
    expect(of(best, 'longest_monologue')).toMatchObject({ recordingId: 'early', at: 5 });
    expect(of(worst, 'longest_monologue')).toMatchObject({ recordingId: 'mid', at: 40 });
    // Two calls in the 11-14 band: the latest is best; 20 questions is the worst.
    expect(of(best, 'questions')).toMatchObject({ recordingId: 'late' });
    expect(of(worst, 'questions')).toMatchObject({ recordingId: 'early' });
    expect(of(best, 'words_per_minute')).toMatchObject({ recordingId: 'mid' });
    expect(of(worst, 'words_per_minute')).toMatchObject({ recordingId: 'early' });
    expect(of(best, 'fillers_per_minute')).toMatchObject({ recordingId: 'early' });
    expect(of(worst, 'fillers_per_minute')).toMatchObject({ recordingId: 'mid' });
    // Never measured: no call to show.
    expect(of(best, 'patience')).toBeUndefined();
  });
});
