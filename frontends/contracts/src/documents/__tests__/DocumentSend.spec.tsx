import { ApiError } from '@prosign/api-client';
import { newField, type DocumentDraft, type PlacementRecipient } from '@prosign/domain';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import {
  DRAFT_ID,
  draftOf,
  draftRoutes,
  installBuilderDom,
  renderBuilderPage,
  uploaded,
} from '../../test-support/document-builder';
import type { Handler } from '../../test-support/fake-api';

installBuilderDom();

const signatureFor = (recipientId: string, y: number) =>
  newField({ id: `sig-${recipientId}`, kind: 'signature', page: 1, x: 100, y, recipientId });
const ADA: PlacementRecipient = {
  id: 'signer-1',
  role: 'signer',
  name: 'Ada Byron',
  email: 'ada@client.test',
};
const BEA: PlacementRecipient = {
  id: 'signer-2',
  role: 'signer',
  name: 'Bea Lund',
  email: 'bea@client.test',
};
const SENDER = 'casey@prosign.example';
const SENT = {
  signaturePageLink: 'http://sign.test/document-signature/abc',
  customId: 'abc',
  _id: 'doc-1',
  status: 'not-signed',
};
const noUpload = () => Promise.reject(new Error('no upload in this test'));

/** Opens a stored draft whose signers are `signers`, each with a signature field. */
async function openDraft(
  signers: PlacementRecipient[],
  send: Partial<Record<'create' | 'send', Handler>> & { extra?: Record<string, Handler> } = {},
  overrides: Partial<DocumentDraft> = {},
) {
  const fields = signers.map((signer, index) => signatureFor(signer.id, 100 + index * 100));
  const server = draftRoutes(draftOf(uploaded(fields), { signers, ...overrides }));
  const routes: Record<string, Handler> = {
    ...server.routes,
    'GET /api/auth/session': () => ({ email: SENDER, roles: ['csm'], isAdmin: false }),
    'POST /api/document/create-contract': send.create ?? (() => ({ docLink: '/d/doc-1/edit' })),
    'POST /api/document/send-contract': send.send ?? (() => SENT),
    ...send.extra,
  };
  const api = renderBuilderPage(noUpload, routes, `/documents/new?draft=${DRAFT_ID}`);
  await screen.findByRole('group', { name: 'Page 1 of 1' });
  return { ...server, calls: api.calls, user: userEvent.setup() };
}

const posts = (calls: { method: string; path: string; body?: unknown }[], path: string) =>
  calls.filter((call) => call.method === 'POST' && call.path === path);

async function toSendPanel(user: ReturnType<typeof userEvent.setup>) {
  await user.click(screen.getByRole('button', { name: 'Continue to send' }));
  return screen.getByRole('region', { name: 'Send for signature' });
}

describe('sending a prepared document', () => {
  it('is not ready while a signer has no name or e-mail, and says so beside the send', async () => {
    const { user, calls } = await openDraft([{ ...ADA, name: '', email: '' }]);
    const problems = screen.getByRole('region', { name: /Before sending/ });
    expect(screen.queryByRole('heading', { name: 'Ready to send' })).not.toBeInTheDocument();
    expect(within(problems).getByText('Signer 1: Enter the signer’s name.')).toBeInTheDocument();
    const panel = await toSendPanel(user);
    expect(within(panel).getByRole('button', { name: 'Send' })).toBeDisabled();
    expect(within(panel).getByText('Signer 1: Enter a valid e-mail address.')).toBeInTheDocument();
    await user.type(screen.getByRole('textbox', { name: 'Name of signer 1' }), 'Ada Byron');
    await user.type(screen.getByRole('textbox', { name: 'E-mail of signer 1' }), 'ada@client.test');
    expect(await screen.findByRole('heading', { name: 'Ready to send' })).toBeInTheDocument();
    expect(within(panel).getByRole('button', { name: 'Send' })).toBeEnabled();
    expect(posts(calls, '/api/document/create-contract')).toHaveLength(0);
  });

  it('shows an e-mail’s problem under it once the input is left', async () => {
    const { user } = await openDraft([ADA]);
    const email = screen.getByRole('textbox', { name: 'E-mail of signer 1' });
    await user.clear(email);
    await user.type(email, 'ada@');
    expect(screen.queryByText('Enter a valid e-mail address.')).not.toBeInTheDocument();
    await user.tab();
    expect(email).toHaveAccessibleDescription('Enter a valid e-mail address.');
    expect(email).toBeInvalid();
  });

  it('sends from the saved draft with the signers in order, then confirms with the link', async () => {
    const { user, calls } = await openDraft([ADA, BEA]);
    const panel = await toSendPanel(user);
    expect(within(panel).getByRole('textbox', { name: /^Title/ })).toHaveValue('lease');
    await user.type(
      within(panel).getByRole('textbox', { name: 'Send copies to' }),
      'office@client.test',
    );
    await user.click(within(panel).getByRole('radio', { name: 'All at the same time' }));
    await user.click(within(panel).getByRole('button', { name: 'Send' }));
    expect(
      await screen.findByRole('heading', { name: '“lease” was sent for signature' }),
    ).toBeInTheDocument();
    expect(posts(calls, '/api/document/create-contract')[0].body).toEqual({ draftId: DRAFT_ID });
    expect(posts(calls, '/api/document/send-contract')[0].body).toEqual({
      docLink: '/d/doc-1/edit',
      title: 'lease',
      signer_name: 'Ada Byron',
      signer_email: 'ada@client.test',
      deal_id: '',
      csm_email: SENDER,
      cc_emails: 'office@client.test',
      additional_signers: [{ name: 'Bea Lund', email: 'bea@client.test' }],
      signing_order: 'parallel',
    });
    expect(screen.getByText('Not signed yet')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: SENT.signaturePageLink })).toHaveAttribute(
      'href',
      SENT.signaturePageLink,
    );
    expect(
      screen.getByText(/Signer 2: Bea Lund <bea@client.test> — link sent/),
    ).toBeInTheDocument();
  });

  it('lists every reason the server gives for refusing the send, and tries the same document again', async () => {
    const refuse = () => {
      throw new ApiError(400, 'two reasons', 'Bad Request', [
        'Ada Byron has no signature field: place one.',
        'cc_emails must be e-mail addresses',
      ]);
    };
    const { user, calls } = await openDraft([ADA], { send: refuse });
    const panel = await toSendPanel(user);
    await user.click(within(panel).getByRole('button', { name: 'Send' }));
    const alert = await within(panel).findByRole('alert');
    expect(alert).toHaveTextContent('The document was not sent.');
    expect(
      within(alert)
        .getAllByRole('listitem')
        .map((item) => item.textContent),
    ).toEqual([
      'Ada Byron has no signature field: place one.',
      'cc_emails must be e-mail addresses',
    ]);
    expect(screen.queryByRole('heading', { name: /was sent/ })).not.toBeInTheDocument();
    expect(posts(calls, '/api/document/send-contract')).toHaveLength(1);
    // Tried again: the same document is sent, not a second one made from the draft.
    await user.click(within(panel).getByRole('button', { name: 'Send' }));
    await waitFor(() => expect(posts(calls, '/api/document/send-contract')).toHaveLength(2));
    expect(posts(calls, '/api/document/create-contract')).toHaveLength(1);
  });

  it('refuses a copy address that is not one, before anything is sent', async () => {
    const { user, calls } = await openDraft([ADA]);
    const panel = await toSendPanel(user);
    await user.type(within(panel).getByRole('textbox', { name: 'Send copies to' }), 'office@');
    await user.click(within(panel).getByRole('button', { name: 'Send' }));
    expect(
      await within(panel).findByText('office@ is not a valid e-mail address.'),
    ).toBeInTheDocument();
    expect(posts(calls, '/api/document/create-contract')).toHaveLength(0);
  });

  it('saves a change still waiting before the document is made from the draft', async () => {
    const { user, calls, state } = await openDraft([ADA]);
    await user.clear(screen.getByRole('textbox', { name: 'Name of signer 1' }));
    await user.type(screen.getByRole('textbox', { name: 'Name of signer 1' }), 'Ada King');
    const panel = await toSendPanel(user);
    await user.click(within(panel).getByRole('button', { name: 'Send' }));
    await screen.findByRole('heading', { name: /was sent for signature/ });
    expect(state.draft?.signers[0].name).toBe('Ada King');
    const order = calls
      .filter((call) => call.method !== 'GET')
      .map((call) => `${call.method} ${call.path}`);
    expect(order.indexOf('POST /api/document/create-contract')).toBeGreaterThan(
      order.lastIndexOf(`PUT /api/documents/drafts/${DRAFT_ID}`),
    );
  });

  it('shows the reason the server refused a save with', async () => {
    const { user, state } = await openDraft([ADA]);
    state.refusal = 'The field “sig-signer-1” lies off page 1.';
    await user.type(screen.getByRole('textbox', { name: 'Name of signer 1' }), 'x');
    expect(
      await screen.findByText(
        /Couldn’t save: The field “sig-signer-1” lies off page 1\./,
        undefined,
        {
          timeout: 3000,
        },
      ),
    ).toBeInTheDocument();
  });

  it('waits for Send when the countersigner is not chosen', async () => {
    const { user } = await openDraft([ADA]);
    await user.click(screen.getByRole('checkbox', { name: "Require the firm's countersignature" }));
    const problems = screen.getByRole('region', { name: /Before sending/ });
    await waitFor(() =>
      expect(
        within(problems).getByText(/Choose the staff member who countersigns/),
      ).toBeInTheDocument(),
    );
    expect(
      within(problems).getByText(
        'The firm’s countersigner (not chosen yet) has no signature field: place one.',
      ),
    ).toBeInTheDocument();
    expect(within(problems).getAllByRole('listitem')).toHaveLength(2);
  });

  it('keeps the core’s ids in signing order when signers are reordered, their fields with them', async () => {
    const { user, state } = await openDraft([ADA, BEA]);
    await user.click(screen.getByRole('button', { name: 'Move Bea Lund earlier' }));
    await waitFor(() => expect(state.draft?.revision).toBe(2), { timeout: 3000 });
    expect(state.draft?.signers.map((signer) => [signer.id, signer.name])).toEqual([
      ['signer-1', 'Bea Lund'],
      ['signer-2', 'Ada Byron'],
    ]);
    const owners = Object.fromEntries(
      state.draft!.placement.fields.map((field) => [field.id, field.recipientId]),
    );
    expect(owners).toEqual({ 'sig-signer-1': 'signer-2', 'sig-signer-2': 'signer-1' });
    expect(
      screen.getByRole('button', { name: /^Signature field, page 1, for Bea Lund$/ }),
    ).toHaveAttribute('data-field-id', 'sig-signer-2');
    await user.click(screen.getByRole('button', { name: 'Add a signer' }));
    await waitFor(() => expect(state.draft?.signers).toHaveLength(3), { timeout: 3000 });
    expect(state.draft?.signers[2].id).toBe('signer-3');
  });

  it('links a deal: its contacts become quick picks, its manager the CSM, its id sent', async () => {
    const deal = {
      id: '40000011',
      properties: { address: '17 Pier Road, Oakland, CA', customer_success_manager: '7' },
    };
    const BEA_CONTACT = { id: '2', firstname: 'Bea', middlename: null, lastname: 'Lund' };
    const { user, calls } = await openDraft([ADA, { ...BEA, name: '', email: '' }], {
      extra: {
        'GET /api/hubspot/deal-by-address': () => ({ deals: [deal] }),
        'POST /api/hubspot/fetch-deal-by-id': () => ({
          deal,
          clientSignatories: [{ ...BEA_CONTACT, email: 'bea@client.test', phone: null }],
          redirect: false,
          project: null,
        }),
        'GET /api/hubspot/owner': () => ({ owner: { id: '7', email: 'dana@prosign.example' } }),
      },
    });
    const panel = await toSendPanel(user);
    await user.type(within(panel).getByLabelText(/search deal/i), '17 Pier');
    await user.click(
      await screen.findByRole('option', { name: /17 Pier Road/ }, { timeout: 2000 }),
    );
    const picks = await screen.findByRole('group', { name: 'Contacts on the deal' });
    await user.click(within(picks).getByRole('button', { name: /Bea Lund/ }));
    expect(screen.getByRole('textbox', { name: 'E-mail of signer 2' })).toHaveValue(
      'bea@client.test',
    );
    expect(screen.queryByRole('group', { name: 'Contacts on the deal' })).not.toBeInTheDocument();
    await user.click(within(panel).getByRole('button', { name: 'Send' }));
    await screen.findByRole('heading', { name: /was sent for signature/ });
    expect(posts(calls, '/api/document/send-contract')[0].body).toMatchObject({
      deal_id: '40000011',
      csm_email: 'dana@prosign.example',
      additional_signers: [{ name: 'Bea Lund', email: 'bea@client.test' }],
    });
  });
});
