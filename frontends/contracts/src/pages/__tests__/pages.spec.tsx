import { render, screen } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { pages } from '../index';
import { fakeApi } from '../../test-support/fake-api';

// The dashboard listens on the staff socket; no server here.
jest.mock('socket.io-client', () => ({
  io: () => ({ on: jest.fn(), removeAllListeners: jest.fn(), disconnect: jest.fn() }),
}));

describe('contracts pages', () => {
  it.each([
    ['CreateContract', 'Create Contract'],
    ['Dashboard', 'Contract Dashboard'],
    ['DocumentBuilder', 'New document'],
    ['DocumentTemplates', 'Document templates'],
    ['Services', 'Services'],
    ['Terms', 'Default Terms and Conditions'],
  ] as const)('%s names its screen in an h1 and says what it will do', (name, title) => {
    const Page = pages[name];
    const { wrapper } = fakeApi({});
    render(
      <MemoryRouter>
        <Page />
      </MemoryRouter>,
      { wrapper },
    );
    expect(screen.getByRole('heading', { level: 1, name: title })).toBeInTheDocument();
    expect(
      screen.getByText(/\w+/, { selector: '.ps-page-header__description' }),
    ).toBeInTheDocument();
  });
});
