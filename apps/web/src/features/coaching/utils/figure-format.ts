import { COACHING_BANDS, type TCoachingFigure } from '@pipewise/contract/coaching';

/** How an absent value reads: a person with no calls, a figure a period has no data for. */
export const NO_VALUE = '—';

/** One decimal where it says something (1.3), none on whole or large numbers (12, 140). */
function oneDecimal(value: number): string {
  const rounded = Math.round(value * 10) / 10;
  return rounded >= 100 || Number.isInteger(rounded) ? String(Math.round(rounded)) : rounded.toFixed(1);
}

/** A length in seconds as people say it: '48 s', '2 min 05 s'. */
function lengthText(seconds: number): string {
  const s = Math.round(seconds);
  if (s < 60) return `${s} s`;
  return `${Math.floor(s / 60)} min ${String(s % 60).padStart(2, '0')} s`;
}

/** A share in percent; with a decimal where whole percent would hide which side of the 65% band it is on (65.4%). */
function talkRatioText(value: number): string {
  const high = COACHING_BANDS.talk_ratio?.high ?? null;
  const whole = Math.round(value * 100);
  if (high !== null && whole === Math.round(high * 100) && Math.abs(value - high) > 1e-9) return `${(value * 100).toFixed(1)}%`;
  return `${whole}%`;
}

/** A figure's value as the page shows it (its unit included); '—' when there is none. */
export function formatFigure(figure: TCoachingFigure, value: number | null): string {
  if (value === null || !Number.isFinite(value)) return NO_VALUE;
  switch (figure) {
    case 'talk_ratio':
      return talkRatioText(value);
    case 'longest_monologue':
      return lengthText(value);
    case 'patience':
      return `${oneDecimal(value)} s`;
    case 'interactivity':
    case 'fillers_per_minute':
      return `${oneDecimal(value)} per min`;
    case 'questions_per_hour':
      return `${Math.round(value)} per hour`;
    case 'words_per_minute':
      return `${Math.round(value)} wpm`;
    case 'questions':
      return oneDecimal(value);
  }
}

/** The published band behind a figure, in words (docs/coaching-statistics.md has the sources); null: none published. */
export const BAND_TEXT: Partial<Record<TCoachingFigure, string>> = {
  talk_ratio: 'Won calls: about 43%; above 65% converts worse (Gong Labs, 25,537 calls)',
  questions: '11–14 on discovery calls',
};

/** What a figure without a published band says instead. */
export const NO_BAND_TEXT = 'No published band: compare with the team median.';

/** Why a value is outside its band, in words ('Above 65%'), so the mark does not rest on colour alone. */
export function outOfBandText(figure: TCoachingFigure, value: number | null): string {
  const band = COACHING_BANDS[figure];
  if (band && value !== null) {
    if (band.high !== null && value > band.high) return `Above ${formatFigure(figure, band.high)}`;
    if (band.low !== null && value < band.low) return `Below ${formatFigure(figure, band.low)}`;
  }
  return 'Outside the band';
}

const DATE = new Intl.DateTimeFormat('en-IN', { day: 'numeric', month: 'short', year: 'numeric' });

/** A call's recording time as its local day ('5 Mar 2026'). */
export function callDate(iso: string): string {
  const date = new Date(iso);
  return Number.isNaN(date.getTime()) ? iso : DATE.format(date);
}

/** A value as a chart's axis writes it: short, the unit only where the number alone would mislead. */
export function axisText(figure: TCoachingFigure, value: number): string {
  if (figure === 'talk_ratio') return `${Math.round(value * 100)}%`;
  if (figure === 'longest_monologue' || figure === 'patience') return `${Math.round(value * 10) / 10}s`;
  return String(Math.round(value * 10) / 10);
}
