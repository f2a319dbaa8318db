import { describe, expect, it } from 'vitest';
import { editDistance } from '../understanding/mentions';
import { contentWords, matchName, wordScore } from './name-match';
import { askedName, isOutside } from './outside';
import { readDealFields } from './record-fields';

describe('how question words meet names', () => {
  it.each([
    ['kaveri', 'kaveri', 1],
    ['kave', 'kaveri', 0.9],
    ['kavery', 'kaveri', 0.8],
    ['sbaarmati', 'sabarmati', 0.8],
    ['hapi', 'hampi', 0.8],
    ['down', 'doon', 0],
    ['rain', 'rann', 0],
    ['industries', 'indus', 0],
    ['per', 'periyar', 0],
  ])('%s for %s scores %s', (asked, name, score) => expect(wordScore(asked, name)).toBe(score));

  it('counts a swap of two neighbours as one edit', () => {
    expect(editDistance('gnaga', 'ganga')).toBe(1);
    expect(editDistance('logistcs', 'logistics')).toBe(1);
  });

  it('keeps the words that may be a name and drops the field and question words', () => {
    expect(contentWords("What's the next step for Kaveri dealer portal?")).toEqual(['kaveri', 'dealer', 'portal']);
    expect(contentWords("who's the KDM on Doon pilot")).toEqual(['doon', 'pilot']);
  });

  it("scores a partial, misspelt name by the share of the name's words", () => {
    const m = matchName(['kavery', 'foods'], 'Kaveri Foods Pvt Ltd');
    expect(m.coverage).toBe(1);
    expect(m.first).toBe(true);
    expect(matchName(['foods'], 'Kaveri Foods Pvt Ltd').first).toBe(false);
  });
});

describe('what is asked of a named record', () => {
  it.each([
    ['What is the next step for X?', ['nextsteps']],
    ['X: pain points?', ['painpoints']],
    ['how big is X', ['amount']],
    ["who's the KDM on X", ['kdm']],
    ['when does X close?', ['closedate']],
    ['who owns X?', ['owner']],
    ['what stage is X in', ['stage']],
    ['tell me about X', ['summary']],
    ['X', []],
  ])('%s', (q, fields) => expect(readDealFields(q)).toEqual(fields));
});

describe('questions outside the CRM and names it does not have', () => {
  it.each([
    "what's the weather in Mumbai today?",
    'write me a poem about sales',
    'who won the IPL last year',
    'what is the capital of France',
  ])('%s is outside', (q) => expect(isOutside(q)).toBe(true));
  it.each(['quokka', 'GST quotations', 'what did they say about pricing', 'mentions of the volume discount'])('%s is a search', (q) =>
    expect(isOutside(q)).toBe(false),
  );
  it.each([
    ['What is the next step for Acme Rockets?', 'Acme Rockets'],
    ['Orion Logistics renewal: pain points?', 'Orion Logistics renewal'],
    ['who owns the Umbrella Corp deal', 'Umbrella Corp'],
    ['tell me about Tesla', 'Tesla'],
    ['Dunder Mifflin next step', 'Dunder Mifflin'],
  ])('%s names %s', (q, name) => expect(askedName(q)).toBe(name));
});
