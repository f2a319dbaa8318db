import { describe, expect, it } from 'vitest';
import { figuresFixture, rowFixture } from '../../../../test/coaching-fixtures';
import { nextSort, sortRows } from './sort-rows';

const rows = [
  rowFixture({ user_id: 'a', name: 'Asha', calls: 4, figures: figuresFixture(4, { talk_ratio: 0.4 }) }),
  rowFixture({ user_id: 'm', name: 'Meera', calls: 0, figures: figuresFixture(0) }),
  rowFixture({ user_id: 'r', name: 'Ravi', calls: 6, figures: figuresFixture(6, { talk_ratio: 0.72 }) }),
  rowFixture({ user_id: 'b', name: 'Bala', calls: 2, figures: figuresFixture(2, { talk_ratio: 0.4 }) }),
];
const names = (sorted: typeof rows) => sorted.map((r) => r.name);

describe('sorting the team table', () => {
  it('sorts names A to Z, numbers highest first, people without a value last, ties by name', () => {
    expect(names(sortRows(rows, { key: 'name', direction: 'ascending' }))).toEqual(['Asha', 'Bala', 'Meera', 'Ravi']);
    expect(names(sortRows(rows, { key: 'talk_ratio', direction: 'descending' }))).toEqual(['Ravi', 'Asha', 'Bala', 'Meera']);
    expect(names(sortRows(rows, { key: 'talk_ratio', direction: 'ascending' }))).toEqual(['Asha', 'Bala', 'Ravi', 'Meera']);
    expect(names(sortRows(rows, { key: 'calls', direction: 'descending' }))).toEqual(['Ravi', 'Asha', 'Bala', 'Meera']);
  });

  it('turns a column round on a second click and starts a new one in its first direction', () => {
    expect(nextSort({ key: 'name', direction: 'ascending' }, 'talk_ratio')).toEqual({ key: 'talk_ratio', direction: 'descending' });
    expect(nextSort({ key: 'talk_ratio', direction: 'descending' }, 'talk_ratio')).toEqual({ key: 'talk_ratio', direction: 'ascending' });
    expect(nextSort({ key: 'talk_ratio', direction: 'ascending' }, 'name')).toEqual({ key: 'name', direction: 'ascending' });
  });
});
