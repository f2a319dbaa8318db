import { describe, expect, it } from 'vitest';
import { ApiError } from '../../../lib/http';
import { workspaceUpdateErrorMessage } from './update-workspace';

describe('workspaceUpdateErrorMessage', () => {
  it.each([
    [400, 'Invalid data provided. Please check your inputs.'],
    [401, 'You are not authorized to perform this action.'],
    [404, 'User not found. Please try logging in again.'],
    [500, 'Server error. Please try again later.'],
    [503, 'Server error. Please try again later.'],
    [403, 'Failed to update workspace details. Please try again.'],
    [409, 'Failed to update workspace details. Please try again.'],
  ])('HTTP %i -> %s', (status, message) => {
    expect(workspaceUpdateErrorMessage(new ApiError(status, 'server text', null))).toBe(message);
  });

  it('a network failure gets the generic message', () => {
    expect(workspaceUpdateErrorMessage(new TypeError('Failed to fetch'))).toBe('Failed to update workspace details. Please try again.');
  });
});
