import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { SubmitButton } from '../SubmitButton';

describe('SubmitButton', () => {
  it('is disabled, busy and says so while the mutation is pending', async () => {
    const user = userEvent.setup();
    const onSubmit = jest.fn((event: { preventDefault(): void }) => event.preventDefault());
    const form = (pending: boolean) => (
      <form onSubmit={onSubmit}>
        <SubmitButton pending={pending} pendingLabel="Saving…">
          Save
        </SubmitButton>
      </form>
    );
    const { rerender } = render(form(false));
    const button = screen.getByRole('button', { name: 'Save' });
    expect(button).toBeEnabled();
    expect(button).not.toHaveAttribute('aria-busy');

    rerender(form(true));
    expect(button).toHaveAccessibleName('Saving…');
    expect(button).toBeDisabled();
    expect(button).toHaveAttribute('aria-busy', 'true');
    await user.click(button);
    expect(onSubmit).not.toHaveBeenCalled();

    rerender(form(false));
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(onSubmit).toHaveBeenCalledTimes(1);
  });

  it('can also be disabled for another reason', () => {
    render(
      <SubmitButton pending={false} pendingLabel="Deleting…" disabled className="ps-button">
        Delete
      </SubmitButton>,
    );
    expect(screen.getByRole('button', { name: 'Delete' })).toBeDisabled();
    expect(screen.getByRole('button', { name: 'Delete' })).toHaveClass('ps-button');
  });
});
