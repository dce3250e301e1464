import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Dialog } from '../Dialog';

describe('Dialog', () => {
  it('is labelled by its title, hides the page behind it, focuses its first control and keeps Tab inside', async () => {
    const user = userEvent.setup();
    render(
      <>
        <button type="button">Outside</button>
        <Dialog
          open
          title="Sign"
          describeBody={false}
          actions={<button type="button">Save</button>}
        >
          <label>
            Name <input />
          </label>
        </Dialog>
      </>,
    );
    const dialog = screen.getByRole('dialog', { name: 'Sign' });
    // Modal: what lies behind is hidden from assistive technology (React Aria hides it
    // rather than setting aria-modal, which Safari mishandles).
    expect(screen.queryByRole('button', { name: 'Outside' })).not.toBeInTheDocument();
    expect(dialog).not.toHaveAttribute('aria-describedby');
    expect(screen.getByRole('textbox', { name: 'Name' })).toHaveFocus();
    await user.tab();
    expect(screen.getByRole('button', { name: 'Save' })).toHaveFocus();
    await user.tab();
    expect(screen.getByRole('textbox', { name: 'Name' })).toHaveFocus();
    await user.tab({ shift: true });
    expect(screen.getByRole('button', { name: 'Save' })).toHaveFocus();
  });

  it('closes on Escape only when it may be closed, and gives focus back', async () => {
    const user = userEvent.setup();
    const onClose = jest.fn();
    const { rerender } = render(
      <>
        <button type="button">Opener</button>
        <Dialog open={false} title="Done" onClose={onClose} />
      </>,
    );
    screen.getByRole('button', { name: 'Opener' }).focus();
    rerender(
      <>
        <button type="button">Opener</button>
        <Dialog
          open
          title="Done"
          onClose={onClose}
          actions={<button type="button">Close</button>}
        />
      </>,
    );
    expect(screen.getByRole('button', { name: 'Close' })).toHaveFocus();
    await user.keyboard('{Escape}');
    expect(onClose).toHaveBeenCalledTimes(1);
    rerender(
      <>
        <button type="button">Opener</button>
        <Dialog open={false} title="Done" onClose={onClose} />
      </>,
    );
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    await waitFor(() => expect(screen.getByRole('button', { name: 'Opener' })).toHaveFocus());
  });

  it('ignores Escape when it must be answered', async () => {
    const user = userEvent.setup();
    render(<Dialog open title="Answer me" actions={<button type="button">OK</button>} />);
    await user.keyboard('{Escape}');
    expect(screen.getByRole('dialog', { name: 'Answer me' })).toBeInTheDocument();
  });
});
