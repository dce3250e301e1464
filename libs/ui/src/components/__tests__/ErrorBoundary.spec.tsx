import { useState } from 'react';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { ErrorBoundary } from '../ErrorBoundary';

let shouldThrow = true;
function Fragile() {
  if (shouldThrow) throw new Error('boom');
  return <p>All good</p>;
}

describe('ErrorBoundary', () => {
  beforeEach(() => {
    shouldThrow = true;
    jest.spyOn(console, 'error').mockImplementation(() => undefined);
  });
  afterEach(() => jest.restoreAllMocks());

  it('shows the fallback instead of a crashed subtree and renders it again on reset', async () => {
    render(
      <ErrorBoundary
        fallback={(error, reset) => (
          <button type="button" onClick={reset}>
            Try again after {(error as Error).message}
          </button>
        )}
      >
        <Fragile />
      </ErrorBoundary>,
    );

    const retry = screen.getByRole('button', { name: 'Try again after boom' });
    shouldThrow = false;
    await userEvent.click(retry);
    expect(screen.getByText('All good')).toBeInTheDocument();
  });

  it('clears the error when a reset key changes', async () => {
    function Harness() {
      const [key, setKey] = useState(1);
      return (
        <>
          <button type="button" onClick={() => setKey((k) => k + 1)}>
            Navigate
          </button>
          <ErrorBoundary resetKeys={[key]} fallback={() => <p>Broken</p>}>
            <Fragile />
          </ErrorBoundary>
        </>
      );
    }
    render(<Harness />);
    expect(screen.getByText('Broken')).toBeInTheDocument();
    shouldThrow = false;
    await userEvent.click(screen.getByRole('button', { name: 'Navigate' }));
    expect(screen.getByText('All good')).toBeInTheDocument();
  });
});
