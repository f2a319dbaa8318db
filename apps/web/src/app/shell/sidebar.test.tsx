import { act, fireEvent, render, screen } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { describe, expect, it, vi } from 'vitest';
import { Sidebar, SIDEBAR_COLLAPSE_DELAY_MS } from './sidebar';

function renderSidebar(path = '/dashboard/deals', onNavigate = vi.fn()) {
  render(
    <MemoryRouter initialEntries={[path]}>
      <Sidebar onNavigate={onNavigate} />
    </MemoryRouter>,
  );
  return { onNavigate, sidebar: screen.getByRole('navigation', { name: 'Main' }).closest('aside')! };
}

const wordmark = () => screen.queryByText('Pipewise', { selector: '.wordmark' });

describe('Sidebar', () => {
  it('is collapsed at first, with every entry still named for assistive tech', () => {
    renderSidebar();
    expect(wordmark()).not.toBeInTheDocument();
    for (const label of ['Home', 'Deals', 'Companies', 'Contacts', 'Meetings', 'Upload', 'Coaching', 'Settings']) {
      expect(screen.getByRole('link', { name: label })).toBeInTheDocument();
    }
  });

  it('expands on hover and collapses only 300 ms after the mouse leaves', () => {
    vi.useFakeTimers();
    const { sidebar } = renderSidebar();
    fireEvent.mouseEnter(sidebar);
    expect(wordmark()).toBeInTheDocument();
    expect(sidebar).toHaveAttribute('data-expanded', 'true');

    fireEvent.mouseLeave(sidebar);
    act(() => vi.advanceTimersByTime(SIDEBAR_COLLAPSE_DELAY_MS - 1));
    expect(wordmark()).toBeInTheDocument();
    act(() => vi.advanceTimersByTime(1));
    expect(wordmark()).not.toBeInTheDocument();
  });

  it('cancels the pending collapse when the mouse comes back', () => {
    vi.useFakeTimers();
    const { sidebar } = renderSidebar();
    fireEvent.mouseEnter(sidebar);
    fireEvent.mouseLeave(sidebar);
    act(() => vi.advanceTimersByTime(200));
    fireEvent.mouseEnter(sidebar);
    act(() => vi.advanceTimersByTime(1000));
    expect(wordmark()).toBeInTheDocument();
  });

  it('opens when an entry gets focus and closes at once when Tab takes focus past it (it would lie over what has focus)', () => {
    vi.useFakeTimers();
    const { sidebar } = renderSidebar();
    const outside = document.createElement('button');
    document.body.append(outside);
    fireEvent.focus(screen.getByRole('link', { name: 'Settings' }));
    expect(sidebar).toHaveAttribute('data-expanded', 'true');
    fireEvent.blur(screen.getByRole('link', { name: 'Settings' }), { relatedTarget: outside });
    expect(sidebar).toHaveAttribute('data-expanded', 'false');
    // ...without its width animation, which would lie over the newly focused control meanwhile.
    expect(sidebar).toHaveAttribute('data-instant', 'true');
    fireEvent.focus(screen.getByRole('link', { name: 'Deals' }));
    expect(sidebar).not.toHaveAttribute('data-instant');
    outside.remove();
  });

  it('stays open under the mouse when focus leaves it, until the mouse leaves too', () => {
    vi.useFakeTimers();
    const { sidebar } = renderSidebar();
    const outside = document.createElement('button');
    document.body.append(outside);
    fireEvent.mouseEnter(sidebar);
    fireEvent.focus(screen.getByRole('link', { name: 'Deals' }));
    fireEvent.blur(screen.getByRole('link', { name: 'Deals' }), { relatedTarget: outside });
    act(() => vi.advanceTimersByTime(1000));
    expect(sidebar).toHaveAttribute('data-expanded', 'true');
    fireEvent.mouseLeave(sidebar);
    act(() => vi.advanceTimersByTime(SIDEBAR_COLLAPSE_DELAY_MS));
    expect(sidebar).toHaveAttribute('data-expanded', 'false');
    outside.remove();
  });

  it('highlights the active entry; Home only on the index', () => {
    renderSidebar('/dashboard/deals/42');
    expect(screen.getByRole('link', { name: 'Deals' })).toHaveAttribute('aria-current', 'page');
    expect(screen.getByRole('link', { name: 'Home' })).not.toHaveAttribute('aria-current');
  });

  it('marks Home active on /dashboard', () => {
    renderSidebar('/dashboard');
    expect(screen.getByRole('link', { name: 'Home' })).toHaveAttribute('aria-current', 'page');
  });

  it('clicking an entry reports its label, opens the sidebar and scrolls to the top', () => {
    const { onNavigate } = renderSidebar('/dashboard');
    fireEvent.click(screen.getByRole('link', { name: 'Meetings' }));
    expect(onNavigate).toHaveBeenCalledWith('Meetings');
    expect(wordmark()).toBeInTheDocument();
    expect(window.scrollTo).toHaveBeenCalled();
  });
});
