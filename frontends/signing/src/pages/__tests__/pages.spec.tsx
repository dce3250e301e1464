import { render, screen } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { pages } from '../index';

describe('signing pages exposed to the shell', () => {
  it.each([
    ['SowSignature', 'SOW Signing'],
    ['CoSignature', 'Change Order Signing'],
  ] as const)('%s names its screen in an h1', (name, title) => {
    const Page = pages[name];
    render(<Page />);
    expect(screen.getByRole('heading', { level: 1, name: title })).toBeInTheDocument();
  });

  it('exposes the customer signing and verification pages', () => {
    const Page = pages.CustomerSigning;
    render(
      <MemoryRouter initialEntries={['/tok']}>
        <Page />
      </MemoryRouter>,
    );
    // Without a docLink the page says the link is incomplete, without asking the server.
    expect(
      screen.getByRole('heading', {
        level: 1,
        name: 'Invalid or expired link. Please request a new one.',
      }),
    ).toBeInTheDocument();
    expect(typeof pages.Verify).toBe('function');
  });
});
