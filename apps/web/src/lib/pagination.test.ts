import { describe, expect, it } from 'vitest';
import { pageCountOf, pageRange, paginationWindow } from './pagination';

describe('paginationWindow', () => {
  it('shows every page when there are 5 or fewer', () => {
    expect(paginationWindow(1, 1)).toEqual([1]);
    expect(paginationWindow(3, 5)).toEqual([1, 2, 3, 4, 5]);
    expect(paginationWindow(1, 0)).toEqual([]);
  });

  it('shows the current page plus or minus 2, first and last, with ellipses for skipped runs', () => {
    expect(paginationWindow(1, 12)).toEqual([1, 2, 3, 'end-ellipsis', 12]);
    expect(paginationWindow(3, 12)).toEqual([1, 2, 3, 4, 5, 'end-ellipsis', 12]);
    expect(paginationWindow(4, 12)).toEqual([1, 2, 3, 4, 5, 6, 'end-ellipsis', 12]);
    expect(paginationWindow(6, 12)).toEqual([1, 'start-ellipsis', 4, 5, 6, 7, 8, 'end-ellipsis', 12]);
    expect(paginationWindow(10, 12)).toEqual([1, 'start-ellipsis', 8, 9, 10, 11, 12]);
    expect(paginationWindow(12, 12)).toEqual([1, 'start-ellipsis', 10, 11, 12]);
    expect(paginationWindow(3, 6)).toEqual([1, 2, 3, 4, 5, 6]);
    expect(paginationWindow(1, 6)).toEqual([1, 2, 3, 'end-ellipsis', 6]);
  });

  it('clamps a current page outside the range', () => {
    expect(paginationWindow(99, 12)).toEqual([1, 'start-ellipsis', 10, 11, 12]);
    expect(paginationWindow(0, 12)).toEqual([1, 2, 3, 'end-ellipsis', 12]);
  });

  it('never repeats a page and always keeps them in order', () => {
    for (let count = 1; count <= 30; count++) {
      for (let page = 1; page <= count; page++) {
        const numbers = paginationWindow(page, count).filter((i): i is number => typeof i === 'number');
        expect(numbers).toEqual([...new Set(numbers)].sort((a, b) => a - b));
        expect(numbers).toContain(page);
        expect(numbers[0]).toBe(1);
        expect(numbers.at(-1)).toBe(count);
      }
    }
  });
});

describe('pageCountOf and pageRange', () => {
  it('counts pages and the rows shown', () => {
    expect(pageCountOf(0, 25)).toBe(0);
    expect(pageCountOf(300, 25)).toBe(12);
    expect(pageCountOf(301, 25)).toBe(13);
    expect(pageRange(1, 25, 300)).toEqual({ from: 1, to: 25 });
    expect(pageRange(12, 25, 290)).toEqual({ from: 276, to: 290 });
    expect(pageRange(1, 25, 0)).toBeNull();
    expect(pageRange(5, 25, 50)).toBeNull();
  });
});
