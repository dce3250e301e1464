import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Tooltip } from '../Tooltip';

describe('Tooltip', () => {
  it('shows on keyboard focus, describes its trigger and hides with Escape', async () => {
    const user = userEvent.setup();
    render(
      <Tooltip content="Copies the signing link">
        <button type="button">Copy</button>
      </Tooltip>,
    );
    expect(screen.queryByRole('tooltip')).not.toBeInTheDocument();
    await user.tab();
    const tooltip = await screen.findByRole('tooltip');
    expect(tooltip).toHaveTextContent('Copies the signing link');
    expect(screen.getByRole('button', { name: 'Copy' })).toHaveAccessibleDescription(
      'Copies the signing link',
    );
    await user.keyboard('{Escape}');
    expect(screen.queryByRole('tooltip')).not.toBeInTheDocument();
  });
});
