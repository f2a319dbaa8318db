import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { fakeApi, json } from '../../../../test/fake-api';
import { renderScreen } from '../../../../test/render-app';
import { panelAnswer } from '../../../../test/assistant-fixtures';
import { AssistantChat } from './assistant-chat';

/** An answer about what was said on calls: each quote's source links to the meeting page playing from that moment. */
const ID = '2143cb8f-79fe-45b3-a8fa-32b7747248c8';
const ANSWER = [
  'What Kaveri Foods Pvt Ltd said about pricing:',
  '"Pricing negotiation" (17 Nov 2026, Kaveri Foods - Sales analytics rollout):',
  '- Lakshmi Chatterjee at 0:45: "That pricing is too expensive for us right now."',
].join('\n');

describe('an answer quoting a call', () => {
  it('shows the quote and a link that plays the call from the quoted moment', async () => {
    fakeApi({
      'POST /api/chat/': () =>
        json(
          panelAnswer(ANSWER, {
            sources: [
              {
                type: 'meeting',
                id: `${ID}@45`,
                label: 'Pricing negotiation at 0:45, Lakshmi Chatterjee',
                url: `/dashboard/meeting/${ID}?t=45`,
              },
            ],
          }),
        ),
    });
    renderScreen('/dashboard', <AssistantChat />);
    await userEvent.setup().type(screen.getByRole('textbox', { name: 'Message' }), 'what did Kaveri say about pricing{Enter}');
    const log = screen.getByRole('log', { name: 'Conversation' });
    expect(await within(log).findByText(/That pricing is too expensive for us right now/)).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'meeting: Pricing negotiation at 0:45, Lakshmi Chatterjee' })).toHaveAttribute(
      'href',
      `/dashboard/meeting/${ID}?t=45`,
    );
  });
});
