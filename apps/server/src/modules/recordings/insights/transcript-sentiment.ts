import Sentiment from 'sentiment';
import type { TSentiment } from '@pipewise/contract/videos';

const analyzer = new Sentiment();

/**
 * How far from zero the AFINN score per word must be to count as positive or negative. Calls are
 * mostly plain words with a few pleasantries ("thanks", "great"): below 0.05 a point per word
 * the tone is neutral, so courtesy alone does not make a call positive.
 */
export const SENTIMENT_BAND = 0.05;

/** The overall tone of a transcript (AFINN word scores with negation, via `sentiment`). */
export function transcriptSentiment(transcript: string): { sentiment: TSentiment; score: number } {
  const result = analyzer.analyze(transcript);
  const words = Math.max(1, result.tokens.length);
  const score = result.score / words;
  const sentiment: TSentiment = score >= SENTIMENT_BAND ? 'positive' : score <= -SENTIMENT_BAND ? 'negative' : 'neutral';
  return { sentiment, score: Math.round(score * 1000) / 1000 };
}
