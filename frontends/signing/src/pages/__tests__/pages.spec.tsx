import { render, screen } from '@testing-library/react';
import { pages } from '../index';

describe('signing pages exposed to the shell', () => {
  it.each([
    ['CustomerSigning', 'Agreement Signing'],
    ['Verify', 'Verification'],
    ['SowSignature', 'SOW Signing'],
    ['CoSignature', 'Change Order Signing'],
  ] as const)('%s names its screen in an h1', (name, title) => {
    const Page = pages[name];
    render(<Page />);
    expect(screen.getByRole('heading', { level: 1, name: title })).toBeInTheDocument();
  });
});
