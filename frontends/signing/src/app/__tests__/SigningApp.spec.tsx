import { render, screen } from '@testing-library/react';
import { TEST_CONFIG } from '../../test-support/fake-signing-api';
import { SigningApp } from '../SigningApp';

describe('SigningApp on its own origin', () => {
  beforeEach(() => {
    // No API answers here: every request fails as if the network were down.
    globalThis.fetch = jest.fn(() => Promise.reject(new TypeError('Failed to fetch')));
  });

  it('gives the verification page its data layer (no QueryClient from a host)', async () => {
    window.history.pushState({}, '', '/verify/abc');
    render(<SigningApp config={TEST_CONFIG} />);
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Verify a signed document' }),
    ).toBeInTheDocument();
    expect(
      await screen.findByText('The document could not be loaded', {}, { timeout: 20_000 }),
    ).toBeInTheDocument();
  }, 30_000);

  it('shows the captcha step of a signing link first', async () => {
    window.history.pushState({}, '', '/tok-1?docLink=https%3A%2F%2Fdocs.test%2Fd%2Fdoc-1%2Fedit');
    render(<SigningApp config={TEST_CONFIG} />);
    expect(screen.getByRole('heading', { level: 1, name: 'Verifying...' })).toBeInTheDocument();
    expect(await screen.findByText(/please confirm you are not a robot/)).toBeInTheDocument();
  });
});
