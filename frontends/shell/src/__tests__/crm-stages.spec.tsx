import {
  FULL_ACCESS,
  noStageRules,
  sentSignedRules,
  type CrmPipelineStageRules,
  type CrmStageMappingView,
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

const SALES_STAGES = [
  { id: 'appointmentscheduled', label: 'Proposal', displayOrder: 0 },
  { id: 'contractsent', label: 'Contract Sent', displayOrder: 1 },
  { id: 'closedwon', label: 'Contract Signed', displayOrder: 2 },
  { id: 'closedlost', label: 'Closed Lost', displayOrder: 3 },
];

function pipelines(): CrmStageMappingView {
  return {
    pipelines: [
      {
        id: 'default',
        label: 'Sales Pipeline',
        stages: SALES_STAGES,
        rules: sentSignedRules('contractsent', 'closedwon'),
        isDefault: true,
        updatedBy: null,
        updatedAt: null,
      },
      {
        id: 'change-orders',
        label: 'Change Orders',
        stages: [{ id: 'co_signed', label: 'CO Signed', displayOrder: 0 }],
        rules: noStageRules(),
        isDefault: false,
        updatedBy: 'ops@prosign.example',
        updatedAt: '2026-11-27T18:05:00.000Z',
      },
    ],
  };
}

/** The mapping kept in memory; PUT answers as the server does (or as a test says). */
function stagesApi(session = staffSession(), view = pipelines()) {
  const api = createFakeApi({ session });
  answerQueue(api, []);
  api.on('GET', '/api/admin/crm/stage-mappings', () => ({ status: 200, body: view }));
  api.on('PUT', /^\/api\/admin\/crm\/stage-mappings\//, (call) => {
    const id = decodeURIComponent(call.path.split('/').at(-1) ?? '');
    const pipeline = view.pipelines.find((candidate) => candidate.id === id)!;
    pipeline.rules = (call.body as { rules: CrmPipelineStageRules }).rules;
    pipeline.isDefault = false;
    pipeline.updatedBy = 'admin@prosign.example';
    pipeline.updatedAt = '2026-11-27T20:15:00.000Z';
    return { status: 200, body: view };
  });
  return api;
}

const sales = () => screen.getByRole('region', { name: /Sales Pipeline/ });

describe('CRM stages (admins)', () => {
  it("shows each pipeline's rules and saves a changed one", async () => {
    const user = userEvent.setup();
    const api = stagesApi();
    await renderShell('/crm-stages', { api });
    expect(screen.getByRole('heading', { level: 1, name: 'CRM stages' })).toBeInTheDocument();
    const signed = await waitFor(() => within(sales()).getByRole('combobox', { name: 'Signed' }));
    expect(signed).toHaveValue('closedwon');
    expect(within(sales()).getByRole('combobox', { name: 'Declined' })).toHaveValue('');
    expect(
      within(sales()).getAllByRole('option', { name: 'No move' }).length,
    ).toBeGreaterThanOrEqual(6);
    expect(within(sales()).getByText('Default')).toBeInTheDocument();
    const changeOrders = screen.getByRole('region', { name: 'Change Orders' });
    expect(
      within(changeOrders).getByText('Saved by ops@prosign.example at 2026-11-27 10:05 PST.'),
    ).toBeInTheDocument();

    const save = within(sales()).getByRole('button', { name: 'Save Sales Pipeline' });
    expect(save).toBeDisabled();
    await user.selectOptions(
      within(sales()).getByRole('combobox', { name: 'Declined' }),
      'Proposal',
    );
    const back = within(sales()).getByRole('checkbox', { name: 'Allow moving back (Declined)' });
    await user.click(back);
    expect(save).toBeEnabled();
    await user.click(save);

    expect(api.callsTo('PUT', '/api/admin/crm/stage-mappings/default').map((c) => c.body)).toEqual([
      {
        rules: {
          ...sentSignedRules('contractsent', 'closedwon'),
          declined: { stageId: 'appointmentscheduled', allowBackward: true },
        },
      },
    ]);
    expect(
      await within(sales()).findByText('Saved by admin@prosign.example at 2026-11-27 12:15 PST.'),
    ).toBeInTheDocument();
    expect(within(sales()).queryByText('Default')).not.toBeInTheDocument();
    expect(within(sales()).getByRole('combobox', { name: 'Declined' })).toHaveValue(
      'appointmentscheduled',
    );
    expect(within(sales()).getByRole('button', { name: 'Save Sales Pipeline' })).toBeDisabled();
    // The answer replaced the cached view: no second read.
    expect(api.callsTo('GET', '/api/admin/crm/stage-mappings')).toHaveLength(1);
    await expectNoSeriousAxeViolations(screen.getByRole('main'));
  });

  it("shows the server's problems beside the form and keeps the draft", async () => {
    const user = userEvent.setup();
    const api = stagesApi();
    api.on('PUT', '/api/admin/crm/stage-mappings/default', () => ({
      status: 400,
      body: {
        statusCode: 400,
        message: ['signed: co_new is not a stage of this pipeline'],
        error: 'Bad Request',
      },
    }));
    await renderShell('/crm-stages', { api });
    const viewed = await waitFor(() =>
      within(sales()).getByRole('combobox', { name: 'First viewed' }),
    );
    await user.selectOptions(viewed, 'Contract Sent');
    await user.click(within(sales()).getByRole('button', { name: 'Save Sales Pipeline' }));
    const alert = await within(sales()).findByRole('alert');
    expect(alert).toHaveTextContent('signed: co_new is not a stage of this pipeline');
    expect(viewed).toHaveValue('contractsent');
    // Another change clears the old refusal.
    await user.selectOptions(viewed, 'No move');
    expect(within(sales()).queryByRole('alert')).not.toBeInTheDocument();
    await expectNoSeriousAxeViolations(sales());
  });

  it('is usable from the keyboard', async () => {
    const user = userEvent.setup();
    const api = stagesApi();
    await renderShell('/crm-stages', { api });
    const expired = await waitFor(() => within(sales()).getByRole('combobox', { name: 'Expired' }));
    // jsdom's select has no keyboard of its own: choose, then go on with Tab from it.
    await user.selectOptions(expired, 'Closed Lost');
    expired.focus();
    const back = within(sales()).getByRole('checkbox', { name: 'Allow moving back (Expired)' });
    await user.tab();
    expect(back).toHaveFocus();
    await user.keyboard(' ');
    expect(back).toBeChecked();
    await user.tab();
    expect(within(sales()).getByRole('button', { name: 'Save Sales Pipeline' })).toHaveFocus();
    await user.keyboard('{Enter}');
    await waitFor(() =>
      expect(api.callsTo('PUT', '/api/admin/crm/stage-mappings/default')).toHaveLength(1),
    );
  });

  it('says when the CRM has no pipelines, and offers a retry when the read fails', async () => {
    const empty = stagesApi(undefined, { pipelines: [] });
    const first = await renderShell('/crm-stages', { api: empty });
    expect(await screen.findByText('The CRM has no deal pipelines yet.')).toBeInTheDocument();
    first.unmount();

    const user = userEvent.setup();
    const failing = stagesApi();
    let fail = true;
    failing.on('GET', '/api/admin/crm/stage-mappings', () =>
      fail
        ? { status: 503, body: { statusCode: 503, message: 'CRM down', error: 'Unavailable' } }
        : { status: 200, body: pipelines() },
    );
    await renderShell('/crm-stages', { api: failing });
    expect(await screen.findByText('Could not load the CRM pipelines')).toBeInTheDocument();
    fail = false;
    await user.click(screen.getByRole('button', { name: 'Retry' }));
    expect(await screen.findByRole('region', { name: /Sales Pipeline/ })).toBeInTheDocument();
  });

  it('is not for staff who are not administrators: nothing is fetched', async () => {
    const api = stagesApi(
      staffSession({
        email: 'csm@prosign.example',
        roles: ['csm'],
        isAdmin: false,
        access: FULL_ACCESS,
      }),
    );
    await renderShell('/crm-stages', { api });
    expect(await screen.findByRole('heading', { name: 'No access' })).toBeInTheDocument();
    expect(api.callsTo('GET', '/api/admin/crm/stage-mappings')).toHaveLength(0);
  });
});
