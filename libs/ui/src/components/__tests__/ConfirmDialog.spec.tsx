import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { ConfirmDialog } from '../ConfirmDialog';

describe('ConfirmDialog', () => {
  it('asks, focuses Cancel, and confirms', async () => {
    const onConfirm = jest.fn();
    const user = userEvent.setup();
    render(
      <ConfirmDialog
        open
        title="Delete jo?"
        confirmLabel="Delete"
        danger
        onConfirm={onConfirm}
        onCancel={jest.fn()}
      >
        They lose access at once.
      </ConfirmDialog>,
    );
    const dialog = screen.getByRole('dialog', { name: 'Delete jo?' });
    expect(dialog).toHaveAccessibleDescription('They lose access at once.');
    expect(screen.getByRole('button', { name: 'Cancel' })).toHaveFocus();
    await user.tab();
    expect(screen.getByRole('button', { name: 'Delete' })).toHaveFocus();
    // Tab goes round: the header's close control, then Cancel again.
    await user.tab();
    expect(screen.getByRole('button', { name: 'Dismiss dialog' })).toHaveFocus();
    await user.tab();
    expect(screen.getByRole('button', { name: 'Cancel' })).toHaveFocus();
    await user.click(screen.getByRole('button', { name: 'Delete' }));
    expect(onConfirm).toHaveBeenCalledTimes(1);
  });

  it('cancels with Escape and renders nothing when closed', async () => {
    const onCancel = jest.fn();
    const user = userEvent.setup();
    const { rerender } = render(
      <ConfirmDialog open title="Sure?" onConfirm={jest.fn()} onCancel={onCancel} />,
    );
    await user.keyboard('{Escape}');
    expect(onCancel).toHaveBeenCalledTimes(1);
    rerender(
      <ConfirmDialog open={false} title="Sure?" onConfirm={jest.fn()} onCancel={onCancel} />,
    );
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });
});
