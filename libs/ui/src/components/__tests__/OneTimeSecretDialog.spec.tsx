import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { OneTimeSecretDialog } from '../OneTimeSecretDialog';

const SECRET = 'whsec_MfKQ9r8GKYqrTwjUPD8ILPZIo2LaLaSw';

describe('OneTimeSecretDialog', () => {
  it('shows the secret with its warning, copies it, and closes only when acknowledged', async () => {
    const user = userEvent.setup();
    const writeText = jest.fn().mockResolvedValue(undefined);
    Object.defineProperty(navigator, 'clipboard', { value: { writeText }, configurable: true });
    const onDone = jest.fn();
    render(
      <OneTimeSecretDialog
        secret={SECRET}
        title="Signing secret"
        label="Signing secret"
        onDone={onDone}
      >
        Verify each delivery with it.
      </OneTimeSecretDialog>,
    );
    screen.getByRole('dialog', { name: 'Signing secret' });
    const box = screen.getByRole('textbox', { name: 'Signing secret' });
    expect(box).toHaveValue(SECRET);
    expect(box).toHaveAttribute('readonly');
    expect(box).toHaveAccessibleDescription(/you will not see it again/);
    expect(box).toHaveFocus();

    await user.click(screen.getByRole('button', { name: 'Copy' }));
    expect(writeText).toHaveBeenCalledWith(SECRET);
    expect(screen.getByRole('status')).toHaveTextContent('Signing secret copied to the clipboard.');

    // No stray key closes it: there is no dismiss control and Escape does nothing.
    expect(screen.queryByRole('button', { name: 'Dismiss dialog' })).not.toBeInTheDocument();
    await user.keyboard('{Escape}');
    expect(onDone).not.toHaveBeenCalled();
    await user.click(screen.getByRole('button', { name: 'I have stored it' }));
    expect(onDone).toHaveBeenCalledTimes(1);
  });

  it('selects the secret for copying by hand when the clipboard refuses', async () => {
    const user = userEvent.setup();
    const writeText = jest.fn().mockRejectedValue(new Error('denied'));
    Object.defineProperty(navigator, 'clipboard', { value: { writeText }, configurable: true });
    render(<OneTimeSecretDialog secret={SECRET} title="Key" label="API key" onDone={jest.fn()} />);
    await user.click(screen.getByRole('button', { name: 'Copy' }));
    expect(screen.getByRole('alert')).toHaveTextContent('copy it by hand');
    expect(screen.getByRole('textbox', { name: 'API key' })).toHaveFocus();
  });

  it('renders nothing without a secret', () => {
    render(<OneTimeSecretDialog secret={null} title="Key" label="API key" onDone={jest.fn()} />);
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });
});
