import type { AgreementListQuery, FamilyCard } from '@prosign/api-client';
import {
  AGREEMENT_ACTION_LABELS,
  EMAIL_CODE_MESSAGES,
  newRecipient,
  type CoCardView,
  type Recipient,
} from '@prosign/domain';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { agreementCard, renderWithProviders } from '../../test-support/agreement-fixtures';
import type { FakeRoute } from '../../test-support/fake-api';
import { staffSession } from '../../test-support/staff-session';
import { AgreementDashboardList } from '../AgreementDashboardList';

jest.mock('socket.io-client', () => ({
  io: () => ({ on: jest.fn(), removeAllListeners: jest.fn(), disconnect: jest.fn() }),
}));

const QUERY: AgreementListQuery = { page: 1, limit: 25, search: '', filters: ['all'] };
const LABEL = AGREEMENT_ACTION_LABELS.reopenEmailCode;

const signers: Recipient[] = [
  {
    ...newRecipient(
      { role: 'signer', name: 'Maria Lopez', email: 'maria@example.com', order: 1 },
      'signer-1',
    ),
    state: 'signed',
  },
  {
    ...newRecipient(
      { role: 'signer', name: 'Luis Alvarez', email: 'luis@example.com', order: 2 },
      'signer-2',
    ),
    state: 'invited',
  },
];

function co(emailCodeLocked: string[]): CoCardView {
  return {
    ...agreementCard({ family: 'co', status: 'viewed', recipients: signers }),
    _id: 'co-1',
    family: 'co',
    customId: 'cust-1',
    coLabel: 'Change Order 3',
    deal_id: '40000123',
    signatory_email: 'maria@example.com',
    emailCodeLocked,
  } as CoCardView;
}

const page = (rows: unknown[]) => ({
  filteredContracts: rows,
  totalPages: 1,
  total: rows.length,
  page: 1,
  limit: 25,
});

function renderList(routes: Record<string, FakeRoute>) {
  return renderWithProviders(
    <MemoryRouter initialEntries={['/dashboard']}>
      <AgreementDashboardList
        family="co"
        query={QUERY}
        onPage={() => undefined}
        label="Change orders"
        loadingText="Loading change orders…"
        noun="change orders"
        cardLines={(card: FamilyCard<'co'>) => <span>{card.coLabel}</span>}
        contactRows={(card) => [['Deal ID', card.deal_id]]}
        onEditAndResend={() => undefined}
      />
    </MemoryRouter>,
    { routes: { 'GET /api/auth/session': () => staffSession(), ...routes } },
  );
}

async function openMenu() {
  await screen.findByRole('heading', { name: 'Maria Lopez' });
  fireEvent.click(screen.getByRole('button', { name: 'More actions' }));
}

describe('Re-open code step from the card menu (issue 53 item 6)', () => {
  it("re-opens the locked signer's code step and says so", async () => {
    const { calls } = renderList({
      'GET /api/co/get-contracts': () => page([co(['signer-2'])]),
      'POST /api/co/reopen-email-code': () => ({ message: EMAIL_CODE_MESSAGES.reopened }),
    });
    await openMenu();
    fireEvent.click(screen.getByRole('menuitem', { name: LABEL }));
    expect(await screen.findByText(EMAIL_CODE_MESSAGES.reopened)).toBeInTheDocument();
    await waitFor(() =>
      expect(calls.filter((call) => call.method === 'POST').map((call) => call.body)).toEqual([
        { id: 'co-1', recipientId: 'signer-2' },
      ]),
    );
  });

  it("shows the server's refusal", async () => {
    renderList({
      'GET /api/co/get-contracts': () => page([co(['signer-2'])]),
      'POST /api/co/reopen-email-code': () => {
        throw Object.assign(new Error("This signer's code step is not locked."), {
          statusCode: 409,
        });
      },
    });
    await openMenu();
    fireEvent.click(screen.getByRole('menuitem', { name: LABEL }));
    expect(await screen.findByText("This signer's code step is not locked.")).toBeInTheDocument();
  });

  it('is not offered while no code step is locked', async () => {
    renderList({ 'GET /api/co/get-contracts': () => page([co([])]) });
    await openMenu();
    expect(screen.getByRole('menuitem', { name: 'Change signer' })).toBeInTheDocument();
    expect(screen.queryByRole('menuitem', { name: LABEL })).not.toBeInTheDocument();
  });
});
