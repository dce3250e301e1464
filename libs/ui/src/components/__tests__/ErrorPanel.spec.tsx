import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { ErrorPanel } from '../ErrorPanel';

describe('ErrorPanel', () => {
  it('announces the problem and offers Retry', async () => {
    const onRetry = jest.fn();
    render(
      <ErrorPanel
        title="This section is unavailable"
        message="Contracts could not be loaded."
        onRetry={onRetry}
      />,
    );

    const alert = screen.getByRole('alert');
    expect(alert).toHaveTextContent('This section is unavailable');
    expect(alert).toHaveTextContent('Contracts could not be loaded.');
    await userEvent.click(screen.getByRole('button', { name: 'Retry' }));
    expect(onRetry).toHaveBeenCalledTimes(1);
  });

  it('has no Retry button without a retry action', () => {
    render(<ErrorPanel title="Something went wrong" />);
    expect(screen.queryByRole('button')).not.toBeInTheDocument();
  });
});
