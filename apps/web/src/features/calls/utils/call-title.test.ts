import { describe, expect, it } from 'vitest';
import { callTitle } from './call-title';

describe('call title', () => {
  it('keeps a given summary', () => {
    expect(callTitle('Pricing review', 'today')).toBe('Pricing review');
    expect(callTitle('  Pricing review ', 'upcoming')).toBe('Pricing review');
  });

  it("names an untitled call 'Meeting' today and 'Daily Sync' among the upcoming", () => {
    expect(callTitle(null, 'today')).toBe('Meeting');
    expect(callTitle('   ', 'today')).toBe('Meeting');
    expect(callTitle(null, 'upcoming')).toBe('Daily Sync');
    expect(callTitle('', 'upcoming')).toBe('Daily Sync');
  });
});
