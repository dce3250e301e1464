import { FULL_ACCESS, type CrmRecordActivityView } from '@prosign/domain';
import { expectNoSeriousAxeViolations } from '@prosign/ui/testing';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { answerQueue } from './countersign-fixtures';
import { createFakeApi, staffSession } from './fake-api';
import { renderShell, setViewportWidth } from './render-shell';

beforeEach(() => {
  setViewportWidth(1280);
  localStorage.clear();
});

const SENT = { id: 'contractsent', label: 'Contract Sent' };
const SIGNED = { id: 'closedwon', label: 'Contract Signed' };

const DEAL: CrmRecordActivityView = {
  type: 'deals',
  id: '40000003',
  name: '12 Main St remodel',
  properties: { dealname: '12 Main St remodel' },
  pipeline: { id: 'default', label: 'Sales Pipeline' },
  stage: SIGNED,
  notes: [
    {
      id: 'n2',
      at: '2026-11-27T18:30:00.000Z',
      body: '"Structural Engineering Agreement" was signed in ProSign. The sealed PDF with its audit trail is attached.\nOpen in ProSign: https://staff.prosign.example/dashboard?id=agr-1',
      attachments: [
        { id: '900001', name: 'Structural Engineering Agreement (signed).pdf', size: 186_000 },
      ],
    },
    {
      id: 'n1',
      at: '2026-11-27T18:00:00.000Z',
      body: '"Structural Engineering Agreement" was sent for signature in ProSign.\nOpen in ProSign: https://staff.prosign.example/dashboard?id=agr-1',
      attachments: [],
    },
  ],
  files: [
    {
      id: '900001',
      name: 'Structural Engineering Agreement (signed).pdf',
      folder: '/ProSign/Service agreements',
      size: 186_000,
      createdAt: '2026-11-27T18:30:00.000Z',
    },
  ],
  stageHistory: [
    { at: '2026-11-27T18:00:00.000Z', from: null, to: SENT },
    { at: '2026-11-27T18:30:00.000Z', from: SENT, to: SIGNED },
  ],
};

function recordApi(session = staffSession()) {
  const api = createFakeApi({ session });
  answerQueue(api, []);
  api.on('GET', '/api/admin/crm/records/deals/40000003', () => ({ status: 200, body: DEAL }));
  api.on('GET', '/api/admin/crm/records/deals/404', () => ({
    status: 404,
    body: { statusCode: 404, message: 'Deal 404 not found in the CRM', error: 'Not Found' },
  }));
  api.on('GET', '/api/admin/crm/records/projects/409', () => ({
    status: 409,
    body: {
      statusCode: 409,
      message: 'The CRM record view shows the local CRM. With HubSpot, open the record in HubSpot.',
      error: 'Conflict',
    },
  }));
  return api;
}

describe('CRM record (admins)', () => {
  it('shows the deal, its stage moves, its notes newest first with links, and its files', async () => {
    await renderShell('/crm-record?type=deals&id=40000003', { api: recordApi() });
    expect(
      await screen.findByRole('heading', { level: 2, name: '12 Main St remodel' }),
    ).toBeInTheDocument();
    expect(screen.getByText('Sales Pipeline')).toBeInTheDocument();
    expect(screen.getAllByText('Contract Signed').length).toBeGreaterThan(0);

    const history = screen.getByRole('region', { name: 'Stage history' });
    const moves = within(history).getAllByRole('listitem');
    expect(moves.map((move) => move.textContent)).toEqual([
      '2026-11-27 10:00 PSTSet to Contract Sent',
      '2026-11-27 10:30 PSTContract Sent →  to Contract Signed',
    ]);

    const notes = within(screen.getByRole('region', { name: 'Notes' })).getByRole('list', {
      name: 'Notes, newest first',
    });
    const items = within(notes)
      .getAllByRole('listitem')
      .filter((item) => item.parentElement === notes);
    expect(items[0]).toHaveTextContent('was signed in ProSign');
    expect(items[1]).toHaveTextContent('was sent for signature');
    // The line break is kept (pre-wrap shows it), the card's address is a link.
    expect(items[1]?.querySelector('.crm-note__body')?.textContent).toContain(
      'in ProSign.\nOpen in ProSign: ',
    );
    expect(
      within(items[1]!).getByRole('link', {
        name: 'https://staff.prosign.example/dashboard?id=agr-1',
      }),
    ).toHaveAttribute('href', 'https://staff.prosign.example/dashboard?id=agr-1');
    const attachment = within(items[0]!).getByRole('link', {
      name: 'Structural Engineering Agreement (signed).pdf',
    });
    expect(attachment).toHaveAttribute('href', 'http://api.test/api/admin/crm/files/900001');
    expect(attachment).toHaveAttribute('target', '_blank');

    const files = screen.getByRole('region', { name: 'Files' });
    expect(
      within(files).getByRole('link', { name: 'Structural Engineering Agreement (signed).pdf' }),
    ).toHaveAttribute('href', 'http://api.test/api/admin/crm/files/900001');
    expect(files).toHaveTextContent('/ProSign/Service agreements · 182 KB · 2026-11-27 10:30 PST');
    await expectNoSeriousAxeViolations(screen.getByRole('main'));
  });

  it('links nothing a signer wrote: their quoted lines stay plain text', async () => {
    const api = recordApi();
    const card = 'https://staff.prosign.example/dashboard?id=agr-2';
    api.on('GET', '/api/admin/crm/records/deals/40000003', () => ({
      status: 200,
      body: {
        ...DEAL,
        notes: [
          {
            id: 'n3',
            at: '2026-11-28T18:00:00.000Z',
            body: `"Structural Engineering Agreement" was declined by Elena Park in ProSign.\nElena Park wrote:\n> Too expensive.\n> Open in ProSign: https://evil.example/x\nOpen in ProSign: ${card}`,
            attachments: [],
          },
        ],
      },
    }));
    await renderShell('/crm-record?type=deals&id=40000003', { api });
    const notes = await screen.findByRole('list', { name: 'Notes, newest first' });
    const [note] = within(notes).getAllByRole('listitem');
    expect(note).toHaveTextContent('> Open in ProSign: https://evil.example/x');
    expect(
      within(note)
        .getAllByRole('link')
        .map((link) => link.getAttribute('href')),
    ).toEqual([card]);
  });

  it('says plainly when there is no such record, and when the CRM is HubSpot', async () => {
    const first = await renderShell('/crm-record?type=deals&id=404', { api: recordApi() });
    expect(await screen.findByRole('heading', { name: 'No such record' })).toBeInTheDocument();
    expect(screen.getByText('Deal 404 not found in the CRM')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Retry' })).not.toBeInTheDocument();
    first.unmount();

    await renderShell('/crm-record?type=projects&id=409', { api: recordApi() });
    expect(
      await screen.findByRole('heading', { name: 'Open this record in HubSpot' }),
    ).toBeInTheDocument();
    expect(screen.getByText(/With HubSpot, open the record in HubSpot/)).toBeInTheDocument();
    await expectNoSeriousAxeViolations(screen.getByRole('main'));
  });

  it('opens another record by type and id, and refuses an id that is not digits', async () => {
    const user = userEvent.setup();
    const api = recordApi();
    await renderShell('/crm-record', { api });
    expect(
      screen.getByText('Enter the id of a deal or project to see what ProSign wrote on it.'),
    ).toBeInTheDocument();
    const form = screen.getByRole('form', { name: 'Open a CRM record' });
    const id = within(form).getByRole('textbox', { name: 'Record id' });
    await user.type(id, 'deal 7');
    await user.click(within(form).getByRole('button', { name: 'Open' }));
    expect(within(form).getByRole('alert')).toHaveTextContent('Enter the record id: digits only.');
    expect(id).toHaveAttribute('aria-invalid', 'true');

    await user.selectOptions(
      within(form).getByRole('combobox', { name: 'Record type' }),
      'Project',
    );
    await user.clear(id);
    await user.type(id, '409{Enter}');
    expect(
      await screen.findByRole('heading', { name: 'Open this record in HubSpot' }),
    ).toBeInTheDocument();
    expect(api.callsTo('GET', '/api/admin/crm/records/projects/409')).toHaveLength(1);
    await expectNoSeriousAxeViolations(screen.getByRole('main'));
  });

  it('is not for staff who are not administrators: nothing is fetched', async () => {
    const api = recordApi(
      staffSession({
        email: 'csm@prosign.example',
        roles: ['csm'],
        isAdmin: false,
        access: FULL_ACCESS,
      }),
    );
    await renderShell('/crm-record?type=deals&id=40000003', { api });
    expect(await screen.findByRole('heading', { name: 'No access' })).toBeInTheDocument();
    expect(api.calls.filter((call) => call.path.startsWith('/api/admin/crm'))).toHaveLength(0);
  });
});
