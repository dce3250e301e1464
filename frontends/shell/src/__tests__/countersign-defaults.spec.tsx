import {
  FULL_ACCESS,
  createAccessFlags,
  type CountersignDefaults,
  type CountersignerInput,
} from '@prosign/domain';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { expectNoSeriousAxeViolations } from '@prosign/ui/testing';
import { answerQueue } from './countersign-fixtures';
import { createFakeApi, staffSession, userRow } from './fake-api';
import { renderShell, setViewportWidth } from './render-shell';

beforeEach(() => {
  setViewportWidth(1280);
  localStorage.clear();
});

const PM = 'pm@prosign.example';
const DANA: CountersignerInput = {
  email: 'dana.whitfield@prosign.example',
  name: 'Dana Whitfield',
  title: 'Principal',
};

/** The user list and the defaults kept in memory; PUT answers as the server does. */
function defaultsApi(session = staffSession()) {
  const api = createFakeApi({ session });
  answerQueue(api, []);
  const defaults: CountersignDefaults = { standard: DANA, sow: null, co: null, document: null };
  api.on('GET', '/api/access/user', () => ({
    status: 200,
    body: {
      users: [
        userRow('admin@prosign.example', ['admin'], FULL_ACCESS),
        userRow(DANA.email, ['admin'], FULL_ACCESS),
        userRow(PM, ['pm'], createAccessFlags({ sowAccess: true })),
      ],
    },
  }));
  api.on('GET', /^\/api\/access\/audit/, () => ({ status: 200, body: { entries: [] } }));
  api.on('GET', '/api/countersign/defaults', () => ({ status: 200, body: { defaults } }));
  api.on('PUT', '/api/countersign/defaults', (call) => {
    const { family, countersigner } = call.body as {
      family: keyof CountersignDefaults;
      countersigner: CountersignerInput | null;
    };
    defaults[family] = countersigner && {
      email: countersigner.email,
      name: countersigner.name ?? 'Pm',
      title: countersigner.title ?? null,
    };
    return { status: 200, body: { defaults } };
  });
  return api;
}

const section = () => screen.getByRole('region', { name: 'Default countersigner' });
const familyForm = (name: string) => within(section()).getByRole('form', { name });

describe('User Access: the default countersigner per family (admins)', () => {
  it("shows each family's proposal and saves a staff member with a title for change orders", async () => {
    const user = userEvent.setup();
    const api = defaultsApi();
    await renderShell('/user-access', { api });
    const contract = await waitFor(() => familyForm('Contract'));
    expect(contract).toHaveTextContent(
      'Proposed now: Dana Whitfield, Principal (dana.whitfield@prosign.example)',
    );
    expect(
      within(contract).getByRole('checkbox', { name: 'Propose a countersigner for each contract' }),
    ).toBeChecked();
    const co = familyForm('Change order');
    expect(co).toHaveTextContent('Proposed now: None');
    // Uploaded documents have a countersigner too: their default beside the others.
    expect(familyForm('Document')).toHaveTextContent('Proposed now: None');

    await user.click(
      within(co).getByRole('checkbox', { name: 'Propose a countersigner for each change order' }),
    );
    // Ticked without anyone chosen: said before anything is sent.
    await user.click(within(co).getByRole('button', { name: 'Save the change order default' }));
    expect(within(co).getByText('Choose the staff member who countersigns.')).toBeInTheDocument();
    expect(api.callsTo('PUT', '/api/countersign/defaults')).toHaveLength(0);

    await user.click(within(co).getByRole('button', { name: /Countersigner/ }));
    await user.click(within(await screen.findByRole('listbox')).getByText('Pm'));
    await waitFor(() => expect(screen.queryByRole('listbox')).not.toBeInTheDocument());
    await user.type(within(co).getByLabelText('Title (optional)'), 'Project Lead');
    await user.click(within(co).getByRole('button', { name: 'Save the change order default' }));
    expect(api.callsTo('PUT', '/api/countersign/defaults').map((c) => c.body)).toEqual([
      { family: 'co', countersigner: { email: PM, title: 'Project Lead' } },
    ]);
    await waitFor(() =>
      expect(familyForm('Change order')).toHaveTextContent(
        'Proposed now: Pm, Project Lead (pm@prosign.example)',
      ),
    );
    await expectNoSeriousAxeViolations(section());
  });

  it('sets a family back to None', async () => {
    const user = userEvent.setup();
    const api = defaultsApi();
    await renderShell('/user-access', { api });
    const contract = await waitFor(() => familyForm('Contract'));
    await user.click(
      within(contract).getByRole('checkbox', { name: 'Propose a countersigner for each contract' }),
    );
    await user.click(within(contract).getByRole('button', { name: 'Save the contract default' }));
    expect(api.callsTo('PUT', '/api/countersign/defaults').map((c) => c.body)).toEqual([
      { family: 'standard', countersigner: null },
    ]);
    await waitFor(() => expect(familyForm('Contract')).toHaveTextContent('Proposed now: None'));
  });

  it("shows the server's reason when it refuses the choice", async () => {
    const user = userEvent.setup();
    const api = defaultsApi();
    api.on('PUT', '/api/countersign/defaults', () => ({
      status: 400,
      body: {
        statusCode: 400,
        message: ['dana.whitfield@prosign.example is not a ProSign user.'],
        error: 'Bad Request',
      },
    }));
    await renderShell('/user-access', { api });
    const contract = await waitFor(() => familyForm('Contract'));
    await user.type(within(contract).getByLabelText('Title (optional)'), ' and Partner');
    await user.click(within(contract).getByRole('button', { name: 'Save the contract default' }));
    expect(await within(contract).findByRole('alert')).toHaveTextContent(
      'dana.whitfield@prosign.example is not a ProSign user.',
    );
    // What the server holds is unchanged.
    expect(contract).toHaveTextContent('Proposed now: Dana Whitfield, Principal');
  });

  it('is not shown to staff who are not administrators', async () => {
    const api = defaultsApi(
      staffSession({
        email: 'csm@prosign.example',
        roles: ['csm'],
        isAdmin: false,
        access: FULL_ACCESS,
      }),
    );
    await renderShell('/user-access', { api });
    await screen.findByRole('row', { name: new RegExp(PM) });
    expect(screen.queryByRole('region', { name: 'Default countersigner' })).not.toBeInTheDocument();
    expect(api.callsTo('GET', '/api/countersign/defaults')).toHaveLength(0);
  });
});
