import type { ActionViewer } from '@prosign/domain';
import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { agreementCard } from '../../test-support/agreement-fixtures';
import { AgreementActions } from '../AgreementActions';

const ADMIN: ActionViewer = { isAdmin: true, userAccessAccess: true };
const STAFF: ActionViewer = { isAdmin: false, userAccessAccess: false };
const NOW = new Date('2026-03-10T12:00:00.000Z');

function renderActions(
  overrides: Parameters<typeof agreementCard>[0] = {},
  viewer: ActionViewer = ADMIN,
  family: 'standard' | 'sow' | 'co' = 'standard',
) {
  const onAction = jest.fn();
  render(
    <AgreementActions
      family={family}
      card={agreementCard(overrides)}
      viewer={viewer}
      now={NOW}
      busyAction={null}
      onAction={onAction}
      label="Actions for Maria Lopez"
    />,
  );
  return { onAction };
}

const moreButton = () => screen.getByRole('button', { name: 'More actions' });

describe('AgreementActions', () => {
  it('shows one main action and the others in a closed "More actions" menu', () => {
    renderActions({ status: 'not signed' });
    const group = screen.getByRole('group', { name: 'Actions for Maria Lopez' });
    expect(
      within(group)
        .getAllByRole('button')
        .map((b) => b.textContent),
    ).toEqual(['Send Reminder', 'More actions']);
    expect(moreButton()).toHaveAttribute('aria-haspopup', 'menu');
    expect(moreButton()).toHaveAttribute('aria-expanded', 'false');
    expect(screen.queryByRole('menu')).not.toBeInTheDocument();
  });

  it('is used from the keyboard: arrows, Home/End, letters, Enter and Escape', async () => {
    const user = userEvent.setup();
    const { onAction } = renderActions({ status: 'not signed' });
    moreButton().focus();

    await user.keyboard('{ArrowDown}');
    const menu = screen.getByRole('menu', { name: 'More actions' });
    expect(moreButton()).toHaveAttribute('aria-expanded', 'true');
    const items = within(menu).getAllByRole('menuitem');
    expect(items.map((item) => item.textContent)).toEqual([
      'Copy Link',
      'Mark as Signed',
      'Cancel Contract',
      'Delete',
    ]);
    expect(items[0]).toHaveFocus();
    await user.keyboard('{ArrowDown}');
    expect(items[1]).toHaveFocus();
    await user.keyboard('{End}');
    expect(items[3]).toHaveFocus();
    await user.keyboard('{ArrowDown}');
    expect(items[0]).toHaveFocus();
    await user.keyboard('{ArrowUp}');
    expect(items[3]).toHaveFocus();
    await user.keyboard('{Home}');
    expect(items[0]).toHaveFocus();
    await user.keyboard('c');
    expect(items[2]).toHaveFocus();

    // Escape closes it and puts focus back on the button; nothing was chosen.
    await user.keyboard('{Escape}');
    expect(screen.queryByRole('menu')).not.toBeInTheDocument();
    expect(moreButton()).toHaveFocus();
    expect(onAction).not.toHaveBeenCalled();

    // ArrowUp opens on the last item; Enter chooses it and closes the menu.
    await user.keyboard('{ArrowUp}');
    expect(
      within(screen.getByRole('menu')).getByRole('menuitem', { name: 'Delete' }),
    ).toHaveFocus();
    await user.keyboard('{ArrowUp}{Enter}');
    expect(onAction).toHaveBeenCalledWith('cancel');
    expect(screen.queryByRole('menu')).not.toBeInTheDocument();
    expect(moreButton()).toHaveFocus();
  });

  it('closes on Tab and on a click outside', async () => {
    const user = userEvent.setup();
    renderActions({ status: 'viewed' });
    await user.click(moreButton());
    expect(screen.getByRole('menu')).toBeInTheDocument();
    await user.keyboard('{Tab}');
    expect(screen.queryByRole('menu')).not.toBeInTheDocument();
    await user.click(moreButton());
    await user.click(document.body);
    expect(screen.queryByRole('menu')).not.toBeInTheDocument();
  });

  it('offers Void to admins only: a signed contract has no actions for other staff', () => {
    renderActions({ status: 'signed' }, STAFF);
    expect(screen.queryByRole('group')).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /Void/ })).not.toBeInTheDocument();
  });

  it('makes Void the main action of a signed contract for an admin', async () => {
    const user = userEvent.setup();
    const { onAction } = renderActions({ status: 'signed' }, ADMIN);
    await user.click(screen.getByRole('button', { name: 'Void Contract' }));
    expect(onAction).toHaveBeenCalledWith('void');
  });

  it('leaves Delete out without the right to delete (admin only for change orders)', async () => {
    const user = userEvent.setup();
    renderActions({ status: 'not-signed' }, { isAdmin: false, userAccessAccess: true }, 'co');
    await user.click(moreButton());
    expect(
      within(screen.getByRole('menu'))
        .getAllByRole('menuitem')
        .map((item) => item.textContent),
    ).not.toContain('Delete');
  });

  it('shows a locked reminder disabled, with its tooltip saying when the next one can go', () => {
    renderActions({
      status: 'viewed',
      remindersAt: ['2026-03-10T10:00:00.000Z'],
      isDeactiveReminder: true,
      reminderDeactivateTime: '2026-03-11T10:00:00.000Z',
    });
    const reminder = screen.getByRole('button', { name: 'Send Reminder' });
    expect(reminder).toBeDisabled();
    expect(reminder).toHaveAccessibleDescription(
      'Last reminder sent Mar 10, 2026, 3:00 AM PST. Next reminder can be sent after Mar 11, 2026, 3:00 AM PST.',
    );
  });
});
