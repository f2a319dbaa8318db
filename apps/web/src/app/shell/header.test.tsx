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

  it('wires the assistant and logout buttons', () => {
    const { onToggleAssistant, onLogout } = renderHeader();
    fireEvent.click(screen.getByRole('button', { name: 'Open assistant' }));
    fireEvent.click(screen.getByRole('button', { name: 'Logout' }));
    expect(onToggleAssistant).toHaveBeenCalledOnce();
    expect(onLogout).toHaveBeenCalledOnce();
  });
});
