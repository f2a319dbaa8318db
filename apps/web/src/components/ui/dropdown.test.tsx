import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { describe, expect, it } from 'vitest';
import { Dropdown, loadMenus, MenuItem } from './dropdown';

/** A menu of two choices; records where focus was at the moment a choice was handled. */
function Picker({ focusAtChoice }: { focusAtChoice: (Element | null)[] }) {
  const [open, setOpen] = useState(false);
  const [chosen, setChosen] = useState('none');
  const choose = (value: string) => {
    focusAtChoice.push(document.activeElement);
    setChosen(value);
  };
  return (
    <>
      <Dropdown open={open} onOpenChange={setOpen} trigger={`Owner: ${chosen}`} panelLabel="Owners">
        <MenuItem onSelect={() => choose('Rohan')}>Rohan</MenuItem>
        <MenuItem onSelect={() => choose('Meera')}>Meera</MenuItem>
      </Dropdown>
      <p>Chosen {chosen}</p>
    </>
  );
}

describe('Dropdown', () => {
  it('gives focus back to its button the moment a choice closes the menu, never leaving it on the page body', async () => {
    await loadMenus();
    const focusAtChoice: (Element | null)[] = [];
    const user = userEvent.setup();
    render(<Picker focusAtChoice={focusAtChoice} />);
    const button = screen.getByRole('button', { name: 'Owner: none' });
    button.focus();
    await user.keyboard('{Enter}');
    await screen.findByRole('menu', { name: 'Owners' });
    await user.keyboard('{ArrowDown}{Enter}');
    expect(screen.getByText('Chosen Meera')).toBeInTheDocument();
    expect(screen.queryByRole('menu')).not.toBeInTheDocument();
    // Already on the button while the choice is handled: a screen reader never hears focus drop to <body>.
    expect(focusAtChoice).toEqual([button]);
    expect(button).toHaveFocus();
  });
});
