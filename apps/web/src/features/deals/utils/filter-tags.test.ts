import { describe, expect, it } from 'vitest';
import { readListState } from './deal-list-params';
import { closeDateTagLabel, filterTags } from './filter-tags';

describe('filter tags', () => {
  it("formats the close date as 'a to b', 'From a' or 'Until b'", () => {
    expect(closeDateTagLabel('2026-01-01', '2026-03-31')).toBe('1 Jan 2026 to 31 Mar 2026');
    expect(closeDateTagLabel('2026-01-01', '')).toBe('From 1 Jan 2026');
    expect(closeDateTagLabel('', '2026-03-31')).toBe('Until 31 Mar 2026');
    expect(closeDateTagLabel('', '')).toBeNull();
  });

  it("reads 'Owner: x', 'Stage: x', 'Pipeline: x' with names, falling back to the raw value", () => {
    const state = readListState(new URLSearchParams('owners=u1,u9&stages=s1&pipelines=p1&close_to=2026-03-31'));
    const tags = filterTags(state, {
      owner: (id) => ({ u1: 'Asha Rao' })[id],
      stage: (id) => ({ s1: 'Negotiation' })[id],
      pipeline: (id) => ({ p1: 'Enterprise' })[id],
    });
    expect(tags.map((t) => t.label)).toEqual([
      'Owner: Asha Rao',
      'Owner: u9',
      'Stage: Negotiation',
      'Pipeline: Enterprise',
      'Until 31 Mar 2026',
    ]);
  });
});
