import { QueryClient, useQuery } from '@tanstack/react-query';
import { act, fireEvent, render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { AppProviders } from './providers';

/** A screen whose answer comes when the test says so. */
function Screen({ answer }: { answer: Promise<string> }) {
  const query = useQuery({ queryKey: ['screen'], queryFn: () => answer });
  return <h1>{query.data ?? 'Loading'}</h1>;
}

const wait = (ms: number) => act(() => new Promise((resolve) => setTimeout(resolve, ms)));

describe('the toaster', () => {
  it('loads once the first screen has its answer, not while the screen is still loading', async () => {
    // Its code is at hand (as a cached chunk would be): only the moment it mounts is in question.
    await import('sonner');
    let answer!: (text: string) => void;
    const pending = new Promise<string>((resolve) => (answer = resolve));
    render(
      <AppProviders queryClient={new QueryClient()}>
        <Screen answer={pending} />
      </AppProviders>,
    );
    await wait(500);
    // Its import and first render would land in the middle of the screen's render on a phone.
    expect(screen.queryByRole('region', { name: /notifications/i })).toBeNull();
    answer('Deals');
    await screen.findByRole('heading', { name: 'Deals' });
    expect(await screen.findByRole('region', { name: /notifications/i }, { timeout: 5000 })).toBeInTheDocument();
  });

  it("loads at the visitor's first press, whatever is still loading", async () => {
    await import('sonner');
    render(
      <AppProviders queryClient={new QueryClient()}>
        <Screen answer={new Promise<string>(() => {})} />
      </AppProviders>,
    );
    await wait(100);
    expect(screen.queryByRole('region', { name: /notifications/i })).toBeNull();
    fireEvent.pointerDown(screen.getByRole('heading', { name: 'Loading' }));
    expect(await screen.findByRole('region', { name: /notifications/i }, { timeout: 1000 })).toBeInTheDocument();
  });
});
