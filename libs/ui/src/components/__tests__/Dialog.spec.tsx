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

  it('has a close control in its header when it may be closed, and none when it must be answered', async () => {
    const user = userEvent.setup();
    const onClose = jest.fn();
    const { rerender } = render(
      <Dialog open title="Details" onClose={onClose}>
        <p>Body</p>
      </Dialog>,
    );
    const dialog = screen.getByRole('dialog', { name: 'Details' });
    const close = screen.getByRole('button', { name: 'Dismiss dialog' });
    expect(close.closest('header')).toContainElement(
      screen.getByRole('heading', { name: 'Details' }),
    );
    expect(dialog).toContainElement(close);
    await user.click(close);
    expect(onClose).toHaveBeenCalledTimes(1);
    rerender(<Dialog open title="Details" actions={<button type="button">OK</button>} />);
    expect(screen.queryByRole('button', { name: 'Dismiss dialog' })).not.toBeInTheDocument();
  });

  it('opens at its top: focusing a Close button under a long text does not scroll the text', () => {
    const scrolled: string[] = [];
    const scrollIntoView = jest.fn(function (this: HTMLElement) {
      scrolled.push(this.textContent ?? '');
    });
    Element.prototype.scrollIntoView = scrollIntoView;
    render(
      <Dialog
        open
        title="Consent"
        onClose={() => undefined}
        describeBody={false}
        actions={<button type="button">Close</button>}
      >
        {Array.from({ length: 50 }, (_, index) => (
          <p key={index}>Paragraph {index}</p>
        ))}
      </Dialog>,
    );
    const closeAction = screen.getByRole('button', { name: 'Close' });
    expect(closeAction).toHaveFocus();
    const body = screen.getByText('Paragraph 0').parentElement!;
    expect(body.scrollTop).toBe(0);
    expect(scrolled).toEqual([]);
  });
});
