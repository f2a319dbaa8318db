import { describe, expect, it } from 'vitest';
import { periodOf, periodSearch, validateRange } from './period';

const TODAY = new Date(2026, 10, 29, 23, 30);
const of = (query: string) => periodOf(new URLSearchParams(query), TODAY);

describe('the Coaching period in the URL', () => {
  it.each([
    ['', { kind: '30d', from: '2026-10-31', to: '2026-11-29' }],
    ['period=90d', { kind: '90d', from: '2026-09-01', to: '2026-11-29' }],
    ['period=custom&from=2026-01-05&to=2026-03-01', { kind: 'custom', from: '2026-01-05', to: '2026-03-01' }],
    // A custom range that does not hold (reversed, impossible day, missing end) falls back to the default.
    ['period=custom&from=2026-03-01&to=2026-01-05', { kind: '30d', from: '2026-10-31', to: '2026-11-29' }],
    ['period=custom&from=2026-02-30&to=2026-03-01', { kind: '30d', from: '2026-10-31', to: '2026-11-29' }],
    ['period=custom&from=2026-02-01', { kind: '30d', from: '2026-10-31', to: '2026-11-29' }],
    ['period=7d', { kind: '30d', from: '2026-10-31', to: '2026-11-29' }],
  ])('%s reads as %o', (query, period) => {
    expect(of(query)).toEqual(period);
  });

  it('writes back what it read', () => {
    for (const query of ['', '?period=90d', '?period=custom&from=2026-01-05&to=2026-03-01']) {
      expect(periodSearch(of(query.slice(1)))).toBe(query);
    }
  });
});

describe('a custom range', () => {
  it.each([
    ['2026-11-01', '2026-11-20', null],
    ['2026-11-20', '2026-11-20', null],
    ['', '2026-11-20', { from: 'Choose a start date.' }],
    ['2026-11-01', '', { to: 'Choose an end date.' }],
    ['2026-13-01', '2026-11-20', { from: 'Enter the start date as YYYY-MM-DD.' }],
    ['2026-11-20', '2026-11-01', { to: 'The end date cannot be before the start date.' }],
    ['2026-11-30', '2026-12-20', { from: 'The start date cannot be in the future.' }],
  ])('%s to %s: %o', (from, to, errors) => {
    expect(validateRange(from, to, TODAY)).toEqual(errors);
  });
});
