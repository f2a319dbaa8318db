import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { fakeApi, json } from '../../../../test/fake-api';
import { renderScreen } from '../../../../test/render-app';
import { DealCallSuggestions } from './deal-call-suggestions';

const show = () => renderScreen('/dashboard/deals/:id', <DealCallSuggestions dealId="101" />, '/dashboard/deals/101');

describe('DealCallSuggestions', () => {
  it('links to each call with open suggestions: "3 suggestions from the call on 12 Nov"', async () => {
    fakeApi({
      'GET /api/deals/101/call-suggestions': () =>
        json({ data: [{ recording_id: 'r1', title: 'Commercials call', at: '2026-11-12T04:30:00Z', open: 3 }] }),
    });
    show();
    const link = await screen.findByRole('link', { name: '3 suggestions from the call on 12 Nov' });
    expect(link).toHaveAttribute('href', '/dashboard/meeting/r1#call-suggestions-title');
  });

  it('shows nothing when no call has an open suggestion', async () => {
    const api = fakeApi({ 'GET /api/deals/101/call-suggestions': () => json({ data: [] }) });
    show();
    await new Promise((r) => setTimeout(r, 50));
    expect(api).toHaveBeenCalled();
    expect(screen.queryByRole('link')).not.toBeInTheDocument();
  });
});
