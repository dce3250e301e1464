import { render, screen } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { fakeApi } from '../../test-support/fake-api';
import { pages } from '../index';

// The SOW dashboard listens on the staff socket; no server here.
jest.mock('socket.io-client', () => ({
  io: () => ({ on: jest.fn(), removeAllListeners: jest.fn(), disconnect: jest.fn() }),
}));

const CO_DEAL = {
  deal: { id: '40000106', properties: {} },
  clientSignatories: [],
  redirect: true,
  project: null,
};

describe('sow-co pages', () => {
  it.each([
    ['ChangeOrder', 'ProSign Change Order'],
    ['Sow', 'SOW Home'],
    ['SowDashboard', 'SOW Dashboard'],
    ['SowTemplateEdit', 'SOW & CO Template Editing'],
  ] as const)('%s names its screen in an h1 and says what it will do', (name, title) => {
    const Page = pages[name];
    render(
      // /co is reached with the deal Home found (its state); without it, it goes to /.
      <MemoryRouter initialEntries={[{ pathname: '/', state: { dealData: CO_DEAL } }]}>
        <Page />
      </MemoryRouter>,
      { wrapper: fakeApi({}).wrapper },
    );
    expect(screen.getByRole('heading', { level: 1, name: title })).toBeInTheDocument();
    expect(
      screen.getByText(/\w+/, { selector: '.ps-page-header__description' }),
    ).toBeInTheDocument();
  });
});
