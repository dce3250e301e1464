import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { expectNoSeriousAxeViolations } from '../../test-support/axe';
import { Menu } from '../Menu';

function renderMenu() {
  const actions = { copy: jest.fn(), resend: jest.fn(), cancel: jest.fn() };
  render(
    <Menu
      label="More actions"
      items={[
        { id: 'copy', label: 'Copy link', onAction: actions.copy },
        { id: 'resend', label: 'Resend', onAction: actions.resend, disabled: true },
        {
          id: 'cancel',
          label: 'Cancel contract',
          onAction: actions.cancel,
          danger: true,
          separatorBefore: true,
        },
      ]}
    />,
  );
  return actions;
}

describe('Menu', () => {
  it('opens with Enter on the first item, skips disabled ones and runs one with Enter', async () => {
    const user = userEvent.setup();
    const actions = renderMenu();
    await user.tab();
    const trigger = screen.getByRole('button', { name: 'More actions' });
    expect(trigger).toHaveFocus();
    await user.keyboard('{Enter}');
    const menu = await screen.findByRole('menu');
    expect(screen.getByRole('menuitem', { name: 'Copy link' })).toHaveFocus();
    expect(screen.getByRole('separator')).toBeInTheDocument();
    await user.keyboard('{ArrowDown}');
    expect(screen.getByRole('menuitem', { name: 'Cancel contract' })).toHaveFocus();
    await expectNoSeriousAxeViolations();
    await user.keyboard('{Enter}');
    expect(actions.cancel).toHaveBeenCalledTimes(1);
    expect(actions.resend).not.toHaveBeenCalled();
    expect(menu).not.toBeInTheDocument();
  });

  it('closes with Escape and gives focus back to its button', async () => {
    const user = userEvent.setup();
    const actions = renderMenu();
    await user.tab();
    await user.keyboard('{ArrowUp}');
    expect(await screen.findByRole('menuitem', { name: 'Cancel contract' })).toHaveFocus();
    await user.keyboard('{Escape}');
    expect(screen.queryByRole('menu')).not.toBeInTheDocument();
    await waitFor(() => expect(screen.getByRole('button', { name: 'More actions' })).toHaveFocus());
    expect(actions.copy).not.toHaveBeenCalled();
  });
});
