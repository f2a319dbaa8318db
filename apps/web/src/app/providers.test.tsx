import { act, fireEvent, render, screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { AppProviders } from './providers';

// The toaster's chunk does not load.
vi.mock('sonner', () => {
  throw new TypeError('Failed to fetch dynamically imported module: http://localhost/assets/sonner-abc.js');
});

describe('App providers whose toaster does not load', () => {
  it('keep the app on screen (no toasts, no blank page)', async () => {
    render(
      <AppProviders>
        <h1>Deals</h1>
      </AppProviders>,
    );
    // The toaster mounts at the first press, then its import fails.
    fireEvent.pointerDown(screen.getByRole('heading', { name: 'Deals' }));
    await act(() => new Promise((resolve) => setTimeout(resolve, 50)));
    expect(screen.getByRole('heading', { name: 'Deals' })).toBeInTheDocument();
  });
});
