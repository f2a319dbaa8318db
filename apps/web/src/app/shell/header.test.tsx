import { fireEvent, screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { profileFixture } from '../../../test/fake-api';
import { renderScreen } from '../../../test/render-app';
import { Header } from './header';

function renderHeader(profile = profileFixture()) {
  const props = { onToggleAssistant: vi.fn(), onLogout: vi.fn() };
  renderScreen('/dashboard', <Header title="Deals" profile={profile} assistantOpen={false} {...props} />);
  return props;
}

describe('Header', () => {
  it('shows the title, search box and the organisation name in upper case', () => {
    renderHeader();
    expect(screen.getByRole('heading', { level: 1, name: 'Deals' })).toBeInTheDocument();
    expect(screen.getByRole('combobox', { name: 'Search' })).toHaveAttribute('placeholder', 'Search for a deal, account, team, people...');
    expect(screen.getByText('ACME CORP')).toBeInTheDocument();
    expect(screen.getByRole('img', { name: 'Asha Rao' })).toHaveTextContent('AR');
  });

  it("falls back to 'Organization' when the profile has no organisation", () => {
    const profile = profileFixture({ organization_name: null });
    profile.database_record.organization_name = null;
    renderHeader(profile);
    expect(screen.getByText('Organization')).toBeInTheDocument();
  });

  it('opens the search from its button on a phone, focused; Escape closes it and gives focus back to the button', () => {
    renderHeader();
    const toggle = screen.getByRole('button', { name: 'Open search' });
    expect(toggle).toHaveAttribute('aria-expanded', 'false');
    expect(toggle).toHaveAttribute('aria-controls', screen.getByRole('search').id);
    fireEvent.click(toggle);
    expect(toggle).toHaveAttribute('aria-expanded', 'true');
    expect(screen.getByRole('banner')).toHaveClass('search-open');
    const box = screen.getByRole('combobox', { name: 'Search' });
    expect(box).toHaveFocus();
    fireEvent.keyDown(box, { key: 'Escape' });
    expect(toggle).toHaveAttribute('aria-expanded', 'false');
    expect(screen.getByRole('banner')).not.toHaveClass('search-open');
    expect(toggle).toHaveFocus();
  });

  it('keeps Escape in the search box as it was where the box is always shown', () => {
    renderHeader();
    const box = screen.getByRole('combobox', { name: 'Search' });
    box.focus();
    fireEvent.keyDown(box, { key: 'Escape' });
    expect(box).toHaveFocus();
    expect(screen.getByRole('button', { name: 'Open search' })).toHaveAttribute('aria-expanded', 'false');
  });

  it('wires the assistant and logout buttons', () => {
    const { onToggleAssistant, onLogout } = renderHeader();
    fireEvent.click(screen.getByRole('button', { name: 'Open assistant' }));
    fireEvent.click(screen.getByRole('button', { name: 'Logout' }));
    expect(onToggleAssistant).toHaveBeenCalledOnce();
    expect(onLogout).toHaveBeenCalledOnce();
  });
});
