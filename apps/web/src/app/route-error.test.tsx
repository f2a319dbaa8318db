import { act, screen as view } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { renderApp } from '../../test/render-app';
import { CHUNK_TIMEOUT_MS } from '../lib/chunk-load';
import { page, screen } from './route-table';

/** A dashboard screen as the route table makes one (lazy, in its own Suspense), whose code arrives by `load`. */
function renderScreen(load: () => Promise<() => React.JSX.Element>) {
  return renderApp('/dashboard/deals', [{ path: '/dashboard/deals', element: screen(page(load)) }]);
}

const advance = (ms: number) => act(() => vi.advanceTimersByTimeAsync(ms));

describe('a screen whose code does not arrive', () => {
  it("shows the spinner while waiting, then 'Loading chunk failed' with a Reload button once 120 seconds have passed", async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    vi.useFakeTimers();
    renderScreen(() => new Promise(() => {}));
    await advance(CHUNK_TIMEOUT_MS - 1000);
    expect(view.getByRole('status')).toHaveTextContent('Loading');
    expect(view.queryByText('Loading chunk failed')).not.toBeInTheDocument();

    await advance(1000);
    expect(view.getByRole('heading', { name: 'Loading chunk failed' })).toBeInTheDocument();
    expect(view.getByRole('button', { name: 'Reload' })).toBeInTheDocument();
    expect(view.queryByRole('status')).not.toBeInTheDocument();
  });

  it('shows a slow screen that arrives at 60 seconds, and no failure later', async () => {
    vi.useFakeTimers();
    const Deals = () => <h1>Deals</h1>;
    renderScreen(() => new Promise((resolve) => setTimeout(() => resolve(Deals), 60_000)));
    await advance(59_000);
    expect(view.getByRole('status')).toHaveTextContent('Loading');
    await advance(1000);
    expect(view.getByRole('heading', { name: 'Deals' })).toBeInTheDocument();
    await advance(CHUNK_TIMEOUT_MS);
    expect(view.getByRole('heading', { name: 'Deals' })).toBeInTheDocument();
    expect(view.queryByText('Loading chunk failed')).not.toBeInTheDocument();
  });

  it("shows 'Something went wrong', not a chunk failure, for an error of the screen's own code", async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    renderScreen(() => Promise.reject(new RangeError('bad date')));
    expect(await view.findByRole('heading', { name: 'Something went wrong' })).toBeInTheDocument();
  });
});
