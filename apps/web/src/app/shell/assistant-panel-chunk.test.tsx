import { render, screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { AssistantPanel } from './assistant-panel';

// The conversation's chunk is gone (a deploy replaced it): its import fails as the browser's does.
vi.mock('../../features/assistant/components/assistant-chat', () => {
  throw new TypeError('Failed to fetch dynamically imported module: http://localhost/assets/assistant-chat-abc.js');
});

describe('Assistant panel whose conversation does not load', () => {
  it("says 'Loading chunk failed' with a Reload button", async () => {
    render(<AssistantPanel onClose={() => {}} />);
    expect(await screen.findByRole('alert')).toHaveTextContent('Loading chunk failed');
    expect(screen.getByRole('button', { name: 'Reload' })).toBeInTheDocument();
    expect(screen.queryByRole('status')).not.toBeInTheDocument();
  });
});
