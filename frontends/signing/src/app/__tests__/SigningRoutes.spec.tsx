import { PublicLayout } from '@prosign/ui';
import { render, screen } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { SigningRoutes } from '../SigningRoutes';

function renderAt(path: string) {
  render(
    <MemoryRouter initialEntries={[path]}>
      <PublicLayout subtitle="Secure signing">
        <SigningRoutes />
      </PublicLayout>
    </MemoryRouter>,
  );
}

describe('signing app on its own origin', () => {
  it.each([
    ['/demo-token?docLink=https://docs.example/d/abc/edit&prefix=std', 'Agreement Signing'],
    ['/verify/abc', 'Verification'],
    ['/sow-signature/SOW-12', 'SOW Signing'],
    ['/co-signature/CO-7', 'Change Order Signing'],
  ])('%s shows its page without staff navigation', (path, heading) => {
    renderAt(path);
    expect(screen.getByRole('heading', { level: 1, name: heading })).toBeInTheDocument();
    expect(screen.queryByRole('navigation')).not.toBeInTheDocument();
    expect(screen.getByRole('contentinfo')).toHaveTextContent('ProSign');
  });

  it('asks for the signing link on any other path', () => {
    renderAt('/a/b/c');
    expect(
      screen.getByRole('heading', { level: 1, name: 'Open your signing link' }),
    ).toBeInTheDocument();
  });
});
