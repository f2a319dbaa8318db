import { describe, expect, it } from 'vitest';
import { countFillers, countWords, opensWithQuestionForm, punctuatedQuestions, splitSentences } from './speech-words';

describe('countWords', () => {
  it.each([
    ['Hello there', 2],
    ['  Hello,   there!  ', 2],
    ['— ... 3 ok', 2],
    ["it's twenty-five", 2],
    ['', 0],
    ['Ünïcödé wörds', 2],
  ])('%j has %i words', (text, n) => expect(countWords(text)).toBe(n));
});

describe('sentences and questions', () => {
  it('splits after each run of . ! ? and at the end', () => {
    expect(splitSentences('Hi. Is it ready?! Yes... and then').map((s) => s.text.trim())).toEqual([
      'Hi.',
      'Is it ready?!',
      'Yes...',
      'and then',
    ]);
  });

  it.each([
    ['Is it ready?', 1],
    ['Is it ready?! Really? Yes.', 2],
    ['"Why?" she asked.', 1],
    ['Fine. ?', 0],
    ['Is it $1.5 million?', 1],
    ['No questions here.', 0],
  ])('%j holds %i questions', (text, n) => expect(punctuatedQuestions(text)).toBe(n));

  it.each([
    ['what is the budget', true],
    ["What's the budget", true],
    ['  how would that work', true],
    ['AM I right', true],
    ["isn't it", false],
    ['so what is it', false],
    ['whatever works', false],
    ['', false],
  ])('%j opens with a question form: %s', (text, yes) => expect(opensWithQuestionForm(text)).toBe(yes));
});

describe('countFillers', () => {
  it.each([
    ['Um, uh, you know, I mean it', 4],
    ['UMM  basically LITERALLY', 3],
    ['you   know what', 1],
    ['umbrella, summit, ahead, hmmm', 0],
    ['uh-huh', 0],
    ['Er, erm, ah, hmm, uhh', 5],
    ['I meant it', 0],
  ])('%j holds %i filler words', (text, n) => expect(countFillers(text)).toBe(n));
});
