import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { fakeApi, json, profileFixture } from '../../../test/fake-api';
import { renderApp } from '../../../test/render-app';

describe('Assistant panel in the shell', () => {
  it('opens from the header with focus in the input; Escape closes it and focus returns to the button', async () => {
    fakeApi({ 'GET /api/session/profile': () => json(profileFixture()) });
    renderApp('/dashboard');
    const user = userEvent.setup();
    const button = await screen.findByRole('button', { name: 'Open assistant' });
    await user.click(button);
    const panel = screen.getByRole('complementary', { name: 'Assistant' });
    expect(panel).toHaveAttribute('id', button.getAttribute('aria-controls'));
    const input = await screen.findByRole('textbox', { name: 'Message' });
    await waitFor(() => expect(input).toHaveFocus());

    await user.keyboard('{Escape}');
    expect(screen.queryByRole('complementary', { name: 'Assistant' })).not.toBeInTheDocument();
    expect(button).toHaveFocus();
    expect(button).toHaveAttribute('aria-expanded', 'false');

    // Opened again, the loaded conversation takes focus at once; the close button also returns it.
    await user.click(button);
    expect(await screen.findByRole('textbox', { name: 'Message' })).toHaveFocus();
    await user.click(screen.getByRole('button', { name: 'Close assistant' }));
    expect(button).toHaveFocus();
  });
});
