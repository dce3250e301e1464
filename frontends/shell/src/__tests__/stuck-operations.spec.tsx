import {
  FULL_ACCESS,
  SEAL_LEVEL_DESCRIPTIONS,
  type StuckOperation,
  type StuckOperationsResponse,
} from '@prosign/domain';
import { expectNoSeriousAxeViolations } from '@prosign/ui/testing';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { answerQueue } from './countersign-fixtures';
import { createFakeApi, staffSession } from './fake-api';
import { renderShell, setViewportWidth } from './render-shell';

beforeEach(() => {
  setViewportWidth(1280);
  localStorage.clear();
});

const WAITING: StuckOperation = {
  agreementId: '665f0c2a9b1e4a0012340001',
  family: 'standard',
  operation: 'finish',
  failedStep: 'merged',
  lastError: 'Sealing is waiting for the time-stamp service (no TSA answered)',
  attempts: 4,
  failedAt: '2026-11-27T20:10:00.000Z',
  startedAt: '2026-11-27T19:50:00.000Z',
  givenUp: false,
};

const GIVEN_UP_SEND: StuckOperation = {
  agreementId: '665f0c2a9b1e4a0012340002',
  family: 'co',
  operation: 'send',
  failedStep: 'reviewLinkMail',
  lastError: 'SMTP 421 service not available',
  attempts: 8,
  failedAt: '2026-11-27T18:00:00.000Z',
  startedAt: '2026-11-27T17:00:00.000Z',
  givenUp: true,
};

const SEAL_PATH = `/api/admin/agreements/${WAITING.agreementId}/seal-level`;

function stuckApi({
  session = staffSession(),
  list = { operations: [WAITING, GIVEN_UP_SEND] } as StuckOperationsResponse,
  sealLevel = 'B-LTA',
} = {}) {
  const api = createFakeApi({ session });
  answerQueue(api, []);
  const state = { list };
  api.on('GET', '/api/admin/stuck-operations', () => ({ status: 200, body: state.list }));
  api.on('GET', '/api/health', () => ({ status: 200, body: { status: 'ok', sealLevel } }));
  return { api, state };
}

const item = (name: RegExp) => screen.getByRole('listitem', { name });

describe('Stuck operations (admins)', () => {
  it('lists each stopped send and finish in words; only a waiting seal offers a lower level', async () => {
    const { api } = stuckApi();
    await renderShell('/stuck-operations', { api });
    expect(screen.getByRole('heading', { level: 1, name: 'Stuck operations' })).toBeInTheDocument();
    const finish = await waitFor(() => item(/Contract: finish stopped/));
    expect(within(finish).getByText(WAITING.agreementId)).toBeInTheDocument();
    expect(within(finish).getByText('Sealing the signed PDF')).toBeInTheDocument();
    expect(
      within(finish).getByText(
        'Sealing is waiting for the time-stamp service; it is tried again until it answers.',
      ),
    ).toBeInTheDocument();
    expect(within(finish).getByText('4')).toBeInTheDocument();
    expect(within(finish).getByText('2026-11-27 11:50 PST')).toBeInTheDocument();
    expect(within(finish).getByText('Retrying')).toBeInTheDocument();
    expect(
      within(finish).getByRole('button', { name: 'Seal at a lower level…' }),
    ).toBeInTheDocument();

    const send = item(/Change order: send stopped/);
    expect(within(send).getByText('Given up')).toBeInTheDocument();
    expect(within(send).getByText('SMTP 421 service not available')).toBeInTheDocument();
    expect(within(send).getByText('Sending the review link to the client')).toBeInTheDocument();
    expect(within(send).queryByRole('button')).not.toBeInTheDocument();
    expect(screen.getByText('2 operations are stuck.')).toBeInTheDocument();
    await expectNoSeriousAxeViolations(screen.getByRole('main'));
  });

  it('reads on a phone too', async () => {
    setViewportWidth(390);
    const { api } = stuckApi();
    await renderShell('/stuck-operations', { api });
    await waitFor(() => item(/Contract: finish stopped/));
    await expectNoSeriousAxeViolations(screen.getByRole('main'));
  });

  it('says when nothing is stuck, and Refresh asks again', async () => {
    const user = userEvent.setup();
    const { api, state } = stuckApi({ list: { operations: [] } });
    await renderShell('/stuck-operations', { api });
    expect(await screen.findByText('Nothing is stuck.')).toBeInTheDocument();
    state.list = { operations: [GIVEN_UP_SEND] };
    await user.click(screen.getByRole('button', { name: 'Refresh' }));
    await waitFor(() => item(/Change order: send stopped/));
    expect(api.callsTo('GET', '/api/admin/stuck-operations')).toHaveLength(2);
    await expectNoSeriousAxeViolations(screen.getByRole('main'));
  });

  it('shows a load error with a retry', async () => {
    const user = userEvent.setup();
    const { api } = stuckApi();
    let fail = true;
    api.on('GET', '/api/admin/stuck-operations', () =>
      fail
        ? { status: 500, body: { statusCode: 500, message: 'Database down', error: 'Error' } }
        : { status: 200, body: { operations: [] } },
    );
    await renderShell('/stuck-operations', { api });
    expect(await screen.findByText('The stuck operations could not be loaded')).toBeInTheDocument();
    await expectNoSeriousAxeViolations(screen.getByRole('main'));
    fail = false;
    await user.click(screen.getByRole('button', { name: /try again|retry/i }));
    expect(await screen.findByText('Nothing is stuck.')).toBeInTheDocument();
  });

  it('seals a waiting agreement at a lower level with a reason, then shows the answer', async () => {
    const user = userEvent.setup();
    const { api, state } = stuckApi();
    api.on('POST', SEAL_PATH, () => {
      state.list = { operations: [GIVEN_UP_SEND] };
      return {
        status: 200,
        body: { message: 'Sealed at the lower level.', level: 'B-T', sealed: true },
      };
    });
    await renderShell('/stuck-operations', { api });
    const finish = await waitFor(() => item(/Contract: finish stopped/));
    await user.click(within(finish).getByRole('button', { name: 'Seal at a lower level…' }));

    const dialog = await screen.findByRole('dialog', { name: 'Seal at a lower level' });
    expect(
      within(dialog).getByText(
        'The sealed PDF and its audit trail will say that you chose a lower level, and why.',
      ),
    ).toBeInTheDocument();
    const radios = within(dialog).getAllByRole('radio');
    expect(radios.map((radio) => (radio as HTMLInputElement).value)).toEqual([
      'B-B',
      'B-T',
      'B-LT',
    ]);
    expect(within(dialog).getByText(SEAL_LEVEL_DESCRIPTIONS['B-LT'])).toBeInTheDocument();
    expect(within(dialog).getByRole('button', { name: 'Cancel' })).toHaveFocus();
    await expectNoSeriousAxeViolations(dialog);

    // Nothing is sent without a level and a reason.
    await user.click(within(dialog).getByRole('button', { name: 'Confirm' }));
    expect(within(dialog).getByText('Choose a level.')).toBeInTheDocument();
    const reason = within(dialog).getByRole('textbox', { name: 'Reason' });
    expect(reason).toHaveAttribute('aria-invalid', 'true');
    expect(api.callsTo('POST', SEAL_PATH)).toHaveLength(0);

    await user.click(within(dialog).getByRole('radio', { name: /PAdES B-T/ }));
    await user.type(reason, 'TSA down since noon; client needs it today');
    expect(within(dialog).getByText('42 / 500 characters')).toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'Confirm' }));

    expect(await within(dialog).findByRole('status')).toHaveTextContent(
      'Sealed at the lower level. (PAdES B-T)',
    );
    expect(api.callsTo('POST', SEAL_PATH)[0]?.body).toEqual({
      level: 'B-T',
      reason: 'TSA down since noon; client needs it today',
    });
    expect(within(dialog).getByRole('button', { name: 'Close' })).toHaveFocus();
    await expectNoSeriousAxeViolations(dialog);
    await user.click(within(dialog).getByRole('button', { name: 'Close' }));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    await waitFor(() =>
      expect(
        screen.queryByRole('listitem', { name: /Contract: finish stopped/ }),
      ).not.toBeInTheDocument(),
    );
  });

  it('shows the server’s refusal inside the dialog, and Escape closes it', async () => {
    const user = userEvent.setup();
    const { api } = stuckApi({ sealLevel: 'B-LT' });
    api.on('POST', SEAL_PATH, () => ({
      status: 409,
      body: { statusCode: 409, message: 'The seal level was already lowered.', error: 'Conflict' },
    }));
    await renderShell('/stuck-operations', { api });
    const finish = await waitFor(() => item(/Contract: finish stopped/));
    await user.click(within(finish).getByRole('button', { name: 'Seal at a lower level…' }));
    const dialog = await screen.findByRole('dialog', { name: 'Seal at a lower level' });
    expect(within(dialog).getAllByRole('radio')).toHaveLength(2);
    await user.click(within(dialog).getByRole('radio', { name: /PAdES B-B/ }));
    await user.type(within(dialog).getByRole('textbox', { name: 'Reason' }), 'Client deadline');
    await user.click(within(dialog).getByRole('button', { name: 'Confirm' }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent(
      'The seal level was already lowered.',
    );
    await expectNoSeriousAxeViolations(dialog);
    await user.keyboard('{Escape}');
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    await waitFor(() =>
      expect(within(finish).getByRole('button', { name: 'Seal at a lower level…' })).toHaveFocus(),
    );
  });

  it('is linked from User Access for administrators', async () => {
    const user = userEvent.setup();
    const { api } = stuckApi();
    await renderShell('/user-access', { api });
    await user.click(await screen.findByRole('link', { name: 'Stuck operations' }));
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Stuck operations' }),
    ).toBeInTheDocument();
  });

  it('is not for staff who are not administrators: nothing is fetched', async () => {
    const { api } = stuckApi({
      session: staffSession({
        email: 'csm@prosign.example',
        roles: ['csm'],
        isAdmin: false,
        access: FULL_ACCESS,
      }),
    });
    await renderShell('/stuck-operations', { api });
    expect(await screen.findByRole('heading', { name: 'No access' })).toBeInTheDocument();
    expect(api.callsTo('GET', '/api/admin/stuck-operations')).toHaveLength(0);
  });
});
