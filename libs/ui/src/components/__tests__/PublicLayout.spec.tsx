import { render, screen } from '@testing-library/react';
import { PublicLayout } from '../PublicLayout';

describe('PublicLayout', () => {
  it('frames a public page with the brand and the copyright footer, without navigation', () => {
    render(
      <PublicLayout subtitle="Secure signing">
        <h1>Agreement signing</h1>
      </PublicLayout>,
    );
    expect(screen.getByText('ProSign')).toBeInTheDocument();
    expect(screen.getByText('Secure signing')).toBeInTheDocument();
    expect(screen.getByRole('main')).toContainElement(
      screen.getByRole('heading', { name: 'Agreement signing' }),
    );
    expect(screen.getByRole('contentinfo')).toHaveTextContent(
      `© ${new Date().getFullYear()} ProSign`,
    );
    expect(screen.queryByRole('navigation')).not.toBeInTheDocument();
  });
});
