import {
  CHANGE_SIGNER_TEXTS,
  HANDOVER_MESSAGES,
  newRecipient,
  type Recipient,
} from '@prosign/domain';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import {
  coCardView,
  listPage,
  openCardMenu,
  renderCoDashboardList,
} from '../../test-support/agreement-views';
import { expectNoSeriousAxeViolations } from '../../test-support/axe';

jest.mock('socket.io-client', () => ({
  io: () => ({ on: jest.fn(), removeAllListeners: jest.fn(), disconnect: jest.fn() }),
}));

const JANE = { name: 'Jane Roe', email: 'jane.roe@example.com' };

const recipient = (
  id: string,
  name: string,
  email: string,
  state: Recipient['state'],
  order = 1,
) => ({
  ...newRecipient({ role: 'signer', name, email, order }, id),
  state,
});

async function openChangeSigner() {
  await openCardMenu();
  fireEvent.click(screen.getByRole('menuitem', { name: 'Change signer' }));
  return screen.findByRole('dialog', { name: CHANGE_SIGNER_TEXTS.title });
}

describe('Change signer from the card menu', () => {
  it('lists the recipients, changes the chosen unsigned signer and says who got a link', async () => {
    const signers = [
      recipient('signer-1', 'Maria Lopez', 'maria@example.com', 'signed'),
      recipient('signer-2', 'Luis Alvarez', 'luis@example.com', 'invited', 2),
    ];
    const { calls } = renderCoDashboardList({
      'GET /api/co/get-contracts': () => listPage([coCardView(signers)]),
      'POST /api/co/change-signer': () => ({
        status: 'handed-over',
        recipientId: 'signer-2',
        handedOverTo: JANE,
        handedOverAt: '2026-11-27T18:00:00.000Z',
        message: HANDOVER_MESSAGES.handedOver(JANE.name),
      }),
    });
    const dialog = await openChangeSigner();
    const list = within(dialog).getByRole('list', { name: 'Recipients' });
    expect(within(list).getAllByRole('listitem')).toHaveLength(2);
    expect(within(list).getByText(/Luis Alvarez/)).toBeInTheDocument();
    // Only the unsigned signer can be chosen; focus starts on the form.
    const group = within(dialog).getByRole('group', { name: CHANGE_SIGNER_TEXTS.recipientLabel });
    expect(within(group).getAllByRole('radio')).toHaveLength(1);
    expect(within(group).getByRole('radio', { name: /Luis Alvarez/ })).toBeChecked();

    const user = userEvent.setup();
    await user.type(
      within(dialog).getByRole('textbox', { name: CHANGE_SIGNER_TEXTS.nameLabel }),
      JANE.name,
    );
    const email = within(dialog).getByRole('textbox', { name: CHANGE_SIGNER_TEXTS.emailLabel });
    // Another recipient's address is refused before anything is sent.
    await user.type(email, 'maria@example.com');
    await user.click(within(dialog).getByRole('button', { name: CHANGE_SIGNER_TEXTS.confirm }));
    expect(within(dialog).getByRole('alert')).toHaveTextContent(
      HANDOVER_MESSAGES.alreadyRecipient('maria@example.com'),
    );
    expect(email).toHaveAttribute('aria-invalid', 'true');
    expect(calls.filter((call) => call.method === 'POST')).toEqual([]);

    await user.clear(email);
    await user.type(email, JANE.email);
    await user.type(
      within(dialog).getByRole('textbox', { name: CHANGE_SIGNER_TEXTS.noteLabel }),
      'Luis left.',
    );
    await expectNoSeriousAxeViolations();
    await user.click(within(dialog).getByRole('button', { name: CHANGE_SIGNER_TEXTS.confirm }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(await screen.findByText(CHANGE_SIGNER_TEXTS.done(JANE.name))).toBeInTheDocument();
    expect(calls.find((call) => call.method === 'POST')?.body).toEqual({
      id: 'co-1',
      recipientId: 'signer-2',
      ...JANE,
      note: 'Luis left.',
    });
  });

  it("keeps the server's refusal in the dialog", async () => {
    renderCoDashboardList({
      'GET /api/co/get-contracts': () =>
        listPage([
          coCardView([recipient('signer-1', 'Maria Lopez', 'maria@example.com', 'viewed')]),
        ]),
      'POST /api/co/change-signer': () => {
        throw Object.assign(new Error('x'), { statusCode: 409 });
      },
    });
    const dialog = await openChangeSigner();
    const user = userEvent.setup();
    await user.type(
      within(dialog).getByRole('textbox', { name: CHANGE_SIGNER_TEXTS.nameLabel }),
      JANE.name,
    );
    await user.type(
      within(dialog).getByRole('textbox', { name: CHANGE_SIGNER_TEXTS.emailLabel }),
      JANE.email,
    );
    await user.click(within(dialog).getByRole('button', { name: CHANGE_SIGNER_TEXTS.confirm }));
    expect(await within(dialog).findByRole('alert')).toBeInTheDocument();
    expect(screen.getByRole('dialog', { name: CHANGE_SIGNER_TEXTS.title })).toBeInTheDocument();
  });

  it('says a saved signature is discarded when that signer is chosen', async () => {
    renderCoDashboardList({
      'GET /api/co/get-contracts': () =>
        listPage([
          coCardView([
            recipient('signer-1', 'Maria Lopez', 'maria@example.com', 'signature-saved'),
          ]),
        ]),
    });
    const dialog = await openChangeSigner();
    expect(within(dialog).getByRole('radio', { name: /Maria Lopez/ })).toBeChecked();
    expect(within(dialog).getByRole('note')).toHaveTextContent(
      HANDOVER_MESSAGES.savedSignatureDiscarded('Maria Lopez'),
    );
    await expectNoSeriousAxeViolations();
  });

  it('is not offered once every signer signed', async () => {
    renderCoDashboardList({
      'GET /api/co/get-contracts': () =>
        listPage([
          coCardView([recipient('signer-1', 'Maria Lopez', 'maria@example.com', 'signed')]),
        ]),
    });
    await screen.findByRole('heading', { name: 'Maria Lopez' });
    const more = screen.queryByRole('button', { name: 'More actions' });
    if (more) {
      fireEvent.click(more);
      expect(screen.queryByRole('menuitem', { name: 'Change signer' })).not.toBeInTheDocument();
    }
  });

  it('shows on the card who handed over to whom', async () => {
    const jane: Recipient = {
      ...recipient('signer-1', JANE.name, JANE.email, 'invited'),
      handedOver: {
        fromName: 'Maria Lopez',
        fromEmail: 'maria@example.com',
        at: '2026-11-27T18:00:00.000Z',
        by: 'signer',
        note: null,
      },
    };
    renderCoDashboardList({ 'GET /api/co/get-contracts': () => listPage([coCardView([jane])]) });
    expect(
      await screen.findByText(/Handed over by Maria Lopez to Jane Roe on November 27, 2026/),
    ).toBeInTheDocument();
  });
});
