import { createRequire } from 'node:module';
import type { ItemSentence, ItemToken, WinkMethods } from 'wink-nlp';
import type winkNLPType from 'wink-nlp';
import type modelType from 'wink-eng-lite-web-model';

const require = createRequire(import.meta.url);

export type Sentence = {
  text: string;
  /** Lemmas of the words that carry meaning (no stop words, numbers or punctuation). */
  terms: string[];
};

let nlp: WinkMethods | undefined;

/**
 * wink-nlp with its small English model, loaded on first use (about 100 ms): an API process that
 * summarises nothing never carries the model.
 */
function language(): WinkMethods {
  if (!nlp) {
    const winkNLP = require('wink-nlp') as typeof winkNLPType;
    const model = require('wink-eng-lite-web-model') as typeof modelType;
    nlp = winkNLP(model);
  }
  return nlp;
}

/** The sentences of a text, each with the words that carry its meaning. */
export function splitSentences(text: string): Sentence[] {
  const nl = language();
  const its = nl.its;
  const sentences: Sentence[] = [];
  nl.readDoc(text.replace(/\s+/g, ' ').trim())
    .sentences()
    .each((s: ItemSentence) => {
      const terms = s
        .tokens()
        .filter((t: ItemToken) => t.out(its.type) === 'word' && !t.out(its.stopWordFlag))
        // The model ships lemmas; the package's typings declare its.lemma with a mismatched signature.
        .out(its.lemma as unknown as typeof its.normal)
        .map((l: string) => l.toLowerCase())
        .filter((l: string) => l.length > 1);
      const sentence = s.out().trim();
      if (sentence) sentences.push({ text: sentence, terms });
    });
  return sentences;
}
