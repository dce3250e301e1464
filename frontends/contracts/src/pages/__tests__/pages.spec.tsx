import { render, screen } from '@testing-library/react';
import { pages } from '../index';
import { fakeApi } from '../../test-support/fake-api';

describe('contracts pages', () => {
  it.each([
    ['CreateContract', 'Create Contract'],
    ['Dashboard', 'Contract Dashboard'],
    ['Services', 'Services'],
    ['Terms', 'Default Terms and Conditions'],
  ] as const)('%s names its screen in an h1 and says what it will do', (name, title) => {
    const Page = pages[name];
    const { wrapper } = fakeApi({});
    render(<Page />, { wrapper });
    expect(screen.getByRole('heading', { level: 1, name: title })).toBeInTheDocument();
    expect(
      screen.getByText(/\w+/, { selector: '.ps-page-header__description' }),
    ).toBeInTheDocument();
  });
});
