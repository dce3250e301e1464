import {
  AGREEMENT_ACTION_LABELS,
  EMAIL_CODE_MESSAGES,
  newRecipient,
  type Recipient,
} from '@prosign/domain';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import {
  coCardView,
  listPage,
  openCardMenu,
  renderCoDashboardList,
} from '../../test-support/agreement-views';

jest.mock('socket.io-client', () => ({
  io: () => ({ on: jest.fn(), removeAllListeners: jest.fn(), disconnect: jest.fn() }),
}));

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

/** The change order whose signers' code steps named here are locked. */
const co = (emailCodeLocked: string[]) => coCardView(signers, { emailCodeLocked });

describe('Re-open code step from the card menu', () => {
  it("re-opens the locked signer's code step and says so", async () => {
    const { calls } = renderCoDashboardList({
      'GET /api/co/get-contracts': () => listPage([co(['signer-2'])]),
      'POST /api/co/reopen-email-code': () => ({ message: EMAIL_CODE_MESSAGES.reopened }),
    });
    await openCardMenu();
    fireEvent.click(screen.getByRole('menuitem', { name: LABEL }));
    expect(await screen.findByText(EMAIL_CODE_MESSAGES.reopened)).toBeInTheDocument();
    await waitFor(() =>
      expect(calls.filter((call) => call.method === 'POST').map((call) => call.body)).toEqual([
        { id: 'co-1', recipientId: 'signer-2' },
      ]),
    );
  });

  it("shows the server's refusal", async () => {
    renderCoDashboardList({
      'GET /api/co/get-contracts': () => listPage([co(['signer-2'])]),
      'POST /api/co/reopen-email-code': () => {
        throw Object.assign(new Error("This signer's code step is not locked."), {
          statusCode: 409,
        });
      },
    });
    await openCardMenu();
    fireEvent.click(screen.getByRole('menuitem', { name: LABEL }));
    expect(await screen.findByText("This signer's code step is not locked.")).toBeInTheDocument();
  });

  it('is not offered while no code step is locked', async () => {
    renderCoDashboardList({ 'GET /api/co/get-contracts': () => listPage([co([])]) });
    await openCardMenu();
    expect(screen.getByRole('menuitem', { name: 'Change signer' })).toBeInTheDocument();
    expect(screen.queryByRole('menuitem', { name: LABEL })).not.toBeInTheDocument();
  });
});
