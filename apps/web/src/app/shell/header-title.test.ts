import { describe, expect, it } from 'vitest';
import { initialsOf, titleFromPath } from './header-title';

describe('titleFromPath', () => {
  it.each([
    ['/dashboard', 'Home'],
    ['/dashboard/', 'Home'],
    ['/dashboard/deals', 'Deals'],
    ['/dashboard/deals/42', 'Deals'],
    ['/dashboard/meeting/7', 'Meeting'],
    ['/signin', 'Home'],
  ])('%s -> %s', (path, title) => {
    expect(titleFromPath(path)).toBe(title);
  });
});

describe('initialsOf', () => {
  it('prefers first and last name, then the display name', () => {
    expect(initialsOf('asha', 'rao', '')).toBe('AR');
    expect(initialsOf('', '', 'Vikram Singh Das')).toBe('VS');
    expect(initialsOf('', '', '')).toBe('?');
  });
});
