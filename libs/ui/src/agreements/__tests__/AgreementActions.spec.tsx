import type { ActionViewer } from '@prosign/domain';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { ConfirmDialog } from '../../components/ConfirmDialog';
import { agreementCard } from '../../test-support/agreement-fixtures';
import { expectNoSeriousAxeViolations } from '../../test-support/axe';
import { ActionMenu } from '../ActionMenu';
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

// While the menu is open the page behind it, its button included, is hidden from assistive technology.
const moreButton = () => screen.getByRole('button', { name: 'More actions', hidden: true });

describe('AgreementActions', () => {
  it('shows one main action and the others in a closed "More actions" menu', () => {
    renderActions({ status: 'not signed' });
    const group = screen.getByRole('group', { name: 'Actions for Maria Lopez' });
    expect(
      within(group)
        .getAllByRole('button')
        .map((b) => b.textContent),
    ).toEqual(['Send Reminder', 'More actions']);
    // ARIA: aria-haspopup="true" means a menu.
    expect(moreButton()).toHaveAttribute('aria-haspopup', 'true');
    expect(moreButton()).toHaveAttribute('aria-expanded', 'false');
    expect(screen.queryByRole('menu')).not.toBeInTheDocument();
  });

  it('is used from the keyboard alone: Enter, Space or ArrowDown open it, arrows move, Escape gives focus back', async () => {
    const user = userEvent.setup();
    const { onAction } = renderActions({ status: 'not signed' });
    await user.tab();
    expect(screen.getByRole('button', { name: 'Send Reminder' })).toHaveFocus();
    await user.tab();
    expect(moreButton()).toHaveFocus();

    for (const key of ['{Enter}', ' ', '{ArrowDown}']) {
      await user.keyboard(key);
      const menu = await screen.findByRole('menu', { name: 'More actions' });
      expect(moreButton()).toHaveAttribute('aria-expanded', 'true');
      expect(within(menu).getAllByRole('menuitem')[0]).toHaveFocus();
      await user.keyboard('{Escape}');
      expect(screen.queryByRole('menu')).not.toBeInTheDocument();
      await waitFor(() => expect(moreButton()).toHaveFocus());
    }

    await user.keyboard('{ArrowDown}');
    const items = within(await screen.findByRole('menu')).getAllByRole('menuitem');
    expect(items.map((item) => item.textContent)).toEqual([
      'Copy Link',
      // An unsigned signer of an open agreement can be changed.
      'Change signer',
      'Mark as Signed',
      'Cancel Contract',
      'Delete',
    ]);
    expect(items[0]).toHaveFocus();
    await user.keyboard('{ArrowDown}');
    expect(items[1]).toHaveFocus();
    await user.keyboard('{End}');
    expect(items[4]).toHaveFocus();
    await user.keyboard('{ArrowUp}');
    expect(items[3]).toHaveFocus();
    await user.keyboard('{Home}');
    expect(items[0]).toHaveFocus();
    await user.keyboard('ca');
    expect(items[3]).toHaveFocus();
    await user.keyboard('{Escape}');
    await waitFor(() => expect(moreButton()).toHaveFocus());
    expect(onAction).not.toHaveBeenCalled();

    // ArrowUp opens on the last item; Enter chooses one, closes the menu and focus goes back.
    await user.keyboard('{ArrowUp}');
    expect(
      within(await screen.findByRole('menu')).getByRole('menuitem', { name: 'Delete' }),
    ).toHaveFocus();
    await user.keyboard('{ArrowUp}{Enter}');
    expect(onAction).toHaveBeenCalledTimes(1);
    expect(onAction).toHaveBeenCalledWith('cancel');
    expect(screen.queryByRole('menu')).not.toBeInTheDocument();
    await waitFor(() => expect(moreButton()).toHaveFocus());
  });

  it('gives a dialog opened from the menu the focus, and takes it back to the button when it closes', async () => {
    const user = userEvent.setup();
    function CardWithConfirm() {
      const [asking, setAsking] = useState(false);
      return (
        <>
          <AgreementActions
            family="standard"
            card={agreementCard({ status: 'not signed' })}
            viewer={ADMIN}
            now={NOW}
            busyAction={null}
            onAction={(action) => setAsking(action === 'cancel')}
            label="Actions for Maria Lopez"
          />
          <ConfirmDialog
            open={asking}
            title="Cancel this contract?"
            cancelLabel="Keep it"
            onConfirm={() => setAsking(false)}
            onCancel={() => setAsking(false)}
          />
        </>
      );
    }
    render(<CardWithConfirm />);
    await user.tab();
    await user.tab();
    await user.keyboard('{ArrowUp}{ArrowUp}');
    expect(await screen.findByRole('menuitem', { name: 'Cancel Contract' })).toHaveFocus();
    await user.keyboard('{Enter}');
    const dialog = await screen.findByRole('dialog', { name: 'Cancel this contract?' });
    await waitFor(() =>
      expect(within(dialog).getByRole('button', { name: 'Keep it' })).toHaveFocus(),
    );
    await user.keyboard('{Escape}');
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    await waitFor(() => expect(moreButton()).toHaveFocus());
  });

  it('has no serious accessibility violation with the menu open', async () => {
    const user = userEvent.setup();
    renderActions({ status: 'not signed' });
    await user.click(moreButton());
    await screen.findByRole('menu');
    await expectNoSeriousAxeViolations();
  });

  it('closes on a click outside without choosing', async () => {
    const user = userEvent.setup();
    const { onAction } = renderActions({ status: 'viewed' });
    await user.click(moreButton());
    expect(await screen.findByRole('menu')).toBeInTheDocument();
    await user.click(document.body);
    await waitFor(() => expect(screen.queryByRole('menu')).not.toBeInTheDocument());
    expect(onAction).not.toHaveBeenCalled();
  });

  it('runs an item chosen with the pointer', async () => {
    const user = userEvent.setup();
    const { onAction } = renderActions({ status: 'viewed' });
    await user.click(moreButton());
    await user.click(await screen.findByRole('menuitem', { name: 'Copy Link' }));
    expect(onAction).toHaveBeenCalledWith('copyLink');
    expect(screen.queryByRole('menu')).not.toBeInTheDocument();
  });

  it('holds the menu while an action of the card runs', () => {
    const onAction = jest.fn();
    render(
      <AgreementActions
        family="standard"
        card={agreementCard({ status: 'not signed' })}
        viewer={ADMIN}
        now={NOW}
        busyAction="copyLink"
        onAction={onAction}
        label="Actions for Maria Lopez"
      />,
    );
    expect(moreButton()).toBeDisabled();
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

  it('puts a new button in place when a live update changes the main action, never the old one restyled', () => {
    const props = {
      family: 'standard' as const,
      viewer: ADMIN,
      now: NOW,
      busyAction: null,
      onAction: jest.fn(),
      label: 'Actions for Maria Lopez',
    };
    const { rerender } = render(
      <AgreementActions {...props} card={agreementCard({ status: 'signature_saved' })} />,
    );
    const copyLink = screen.getByRole('button', { name: 'Copy Link' });
    copyLink.focus();
    rerender(<AgreementActions {...props} card={agreementCard({ status: 'signed' })} />);
    const voidButton = screen.getByRole('button', { name: 'Void Contract' });
    // The same element restyled would fade from the primary blue to the danger style, showing a
    // red label on blue while it does; and focus would rest on Void, an action nobody chose.
    expect(voidButton).not.toBe(copyLink);
    expect(voidButton).toHaveClass('dash-action--danger');
    expect(voidButton).not.toHaveClass('ps-button--primary');
    expect(voidButton).not.toHaveFocus();
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
      'Last reminder sent 2026-03-10 03:00 PST. Next reminder can be sent after 2026-03-11 03:00 PST.',
    );
  });
});

describe('ActionMenu', () => {
  it('shows a disabled item with its reason as its description and never runs it', async () => {
    const user = userEvent.setup();
    const remind = jest.fn();
    const copy = jest.fn();
    render(
      <ActionMenu
        label="More"
        items={[
          {
            key: 'sendReminder',
            label: 'Send Reminder',
            disabled: true,
            description: 'Next reminder can be sent after Mar 11.',
            onSelect: remind,
          },
          { key: 'copyLink', label: 'Copy Link', onSelect: copy },
        ]}
      />,
    );
    await user.tab();
    await user.keyboard('{Enter}');
    const reminder = await screen.findByRole('menuitem', { name: 'Send Reminder' });
    expect(reminder).toHaveAttribute('aria-disabled', 'true');
    expect(reminder).toHaveAccessibleDescription('Next reminder can be sent after Mar 11.');
    // The keyboard skips it: the menu opened on Copy Link, and a click on it does nothing.
    expect(screen.getByRole('menuitem', { name: 'Copy Link' })).toHaveFocus();
    await user.click(reminder);
    expect(remind).not.toHaveBeenCalled();
    expect(copy).not.toHaveBeenCalled();
  });
});
