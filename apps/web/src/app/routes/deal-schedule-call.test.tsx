import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { meetingFixture } from '../../../test/call-fixtures';
import { dealFixture, OWNERS, PIPELINES } from '../../../test/deal-fixtures';
import { callsTo, fakeApi, json, profileFixture } from '../../../test/fake-api';
import { renderApp } from '../../../test/render-app';

/** A deal's page books a call about that deal, suggesting the deal's contacts and the caller's colleagues. */

describe("Schedule call on a deal's page", () => {
  it('opens the dialog with the deal preset and its contacts suggested, and books the call on the deal', async () => {
    const api = fakeApi({
      'GET /api/session/profile': () => json(profileFixture()),
      'GET /api/deal/get_deal_by_id/101': () => json({ data: dealFixture() }),
      'GET /api/deal/get-stackholders-for-deal': () =>
        json({
          data: [
            { id: 'c1', firstname: 'Neha', lastname: 'Iyer', position: 'CFO', email: 'Neha@Kaveri.example' },
            { id: 'c2', firstname: 'Karan', lastname: 'Shah', position: null, email: null },
          ],
        }),
      'GET /api/deal/owners': () => json({ data: OWNERS }),
      'GET /api/videos/get-video-by-dealId/101': () => json({ data: [] }),
      'GET /api/deal/get-deal-stages': () => json({ data: { results: PIPELINES } }),
      'POST /api/calendar/meetings': (body) =>
        json(
          { meeting: meetingFixture({ id: 'n1', summary: (body as { title: string }).title, can_manage: true }), invitations: 'email' },
          201,
        ),
    });
    renderApp('/dashboard/deals/101');
    await screen.findByRole('heading', { level: 2, name: 'Kaveri Foods - Dealer portal' });
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Schedule call' }));
    const dialog = await screen.findByRole('dialog', { name: 'Schedule call' });
    expect(dialog).toHaveTextContent('About Kaveri Foods - Dealer portal');
    const suggested = within(dialog)
      .getAllByRole('button')
      .map((b) => b.textContent)
      .filter((t) => t?.includes('('));
    // The caller (Asha) is on the call already and not offered.
    expect(suggested).toEqual(['Neha Iyer (neha@kaveri.example)', 'Rahul Verma (rahul@acme.test)']);
    await user.type(within(dialog).getByLabelText('Title'), 'Pricing follow-up');
    await user.click(within(dialog).getByRole('button', { name: 'Neha Iyer (neha@kaveri.example)' }));
    await user.click(within(dialog).getByRole('button', { name: 'Schedule call' }));
    await waitFor(() => expect(callsTo(api, 'POST', '/api/calendar/meetings')).toHaveLength(1));
    expect(callsTo(api, 'POST', '/api/calendar/meetings')[0]!.body).toMatchObject({
      title: 'Pricing follow-up',
      attendees: ['neha@kaveri.example'],
      deal_id: '101',
    });
  });
});
