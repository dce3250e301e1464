import type { ServiceRecord } from '@prosign/domain';
import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { ServicesPage } from '../ServicesPage';
import { TermsPage } from '../TermsPage';
import { fakeApi } from '../../test-support/fake-api';

const service = (id: string, name: string, position: string): ServiceRecord => ({
  _id: id,
  serviceName: name,
  agreementTitle: `${name} Agreement`,
  start: 'Dated $agreement_date for $client_name.',
  projectDescription: '',
  engineerBasicService: '',
  engineerAdditionalService: '',
  engineerFee: '$payment_clause',
  licensingAndInsurance: '',
  termsAndConditions: 'Old terms',
  changeBasicServices: false,
  defaultTnC: false,
  position,
});

function servicesApi(extra: Record<string, (body: unknown) => unknown> = {}) {
  const list = [
    service('a', 'Title 24 Energy Compliance', '1'),
    service('b', 'MEP Design', '2'),
    service('c', 'Inspection', '3'),
  ];
  return fakeApi({
    'GET /api/service/get-services': () => list,
    'GET /api/tnc/latest': () => ({ data: { content: 'Default terms v2' } }),
    ...extra,
  });
}

/** The polite toast (the sortable list has a status live region of its own). */
async function findToast() {
  const region = await screen.findByRole('region', { name: 'Notifications' });
  return within(region).findByRole('status');
}

describe('ServicesPage', () => {
  it('lists services in order, truncating long names with the full name on hover', async () => {
    const { wrapper } = servicesApi();
    render(<ServicesPage />, { wrapper });
    const items = await screen.findAllByTestId('service-item');
    expect(items.map((item) => item.textContent)).toEqual([
      expect.stringContaining('Title 24 Energy…'),
      expect.stringContaining('MEP Design'),
      expect.stringContaining('Inspection'),
    ]);
    expect(within(items[0]).getByTitle('Title 24 Energy Compliance')).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'Add New Service' })).toBeInTheDocument();
  });

  it('refuses an edit that drops a placeholder before calling the server', async () => {
    const { wrapper, calls } = servicesApi();
    render(<ServicesPage />, { wrapper });
    fireEvent.click(await screen.findByRole('button', { name: 'MEP Design' }));
    expect(screen.getByRole('heading', { name: 'Update Service MEP Design' })).toBeInTheDocument();
    fireEvent.change(screen.getByLabelText('Engineer Fee'), { target: { value: 'Pay now' } });
    fireEvent.click(screen.getByRole('button', { name: 'Update Service' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Error while updating service: Placeholders cannot be removed: Engineer Fee is missing $payment_clause.',
    );
    expect(calls.some((call) => call.method === 'PUT')).toBe(false);
  });

  it('copies a service into create mode with _copy and the default terms', async () => {
    const { wrapper, calls } = servicesApi({
      'POST /api/service/create': (body) => ({
        message: 'ok',
        service: { ...service('d', 'x', '4'), ...(body as object) },
      }),
    });
    render(<ServicesPage />, { wrapper });
    fireEvent.click(await screen.findByRole('button', { name: 'Copy MEP Design' }));
    expect(screen.getByRole('heading', { name: 'Add New Service' })).toBeInTheDocument();
    expect(screen.getByLabelText('Service Name *')).toHaveValue('MEP Design_copy');
    await waitFor(() =>
      expect(screen.getByLabelText('Terms and Conditions')).toHaveValue('Default terms v2'),
    );
    fireEvent.click(screen.getByRole('button', { name: 'Add Service' }));
    expect(await findToast()).toHaveTextContent('New service created successfully');
    expect(calls.find((call) => call.method === 'POST')?.body).toMatchObject({
      serviceName: 'MEP Design_copy',
      defaultTnC: true,
    });
  });

  it('reorders from the keyboard with move buttons, sending the whole order', async () => {
    const { wrapper, calls } = servicesApi({
      'PUT /api/service/reorder': () => ({ message: 'ok', services: [] }),
    });
    render(<ServicesPage />, { wrapper });
    fireEvent.click(await screen.findByRole('button', { name: 'Move MEP Design up' }));
    await waitFor(() =>
      expect(calls.find((call) => call.path === '/api/service/reorder')?.body).toEqual({
        ids: ['b', 'a', 'c'],
      }),
    );
  });

  it('deletes only after the password is accepted, and shows a wrong password', async () => {
    let valid = false;
    const { wrapper, calls } = servicesApi({
      'POST /api/service/verify-password': () => ({
        valid,
        message: valid ? 'ok' : 'Incorrect password. Please try again.',
      }),
      'DELETE /api/service/delete/c': () => ({ message: 'Service deleted successfully' }),
    });
    render(<ServicesPage />, { wrapper });
    fireEvent.click(await screen.findByRole('button', { name: 'Delete Inspection' }));
    const dialog = screen.getByRole('dialog');
    fireEvent.change(within(dialog).getByLabelText('Password'), { target: { value: 'guess' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Delete' }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent(
      'Incorrect password. Please try again.',
    );
    expect(calls.some((call) => call.method === 'DELETE')).toBe(false);
    valid = true;
    fireEvent.click(within(dialog).getByRole('button', { name: 'Delete' }));
    expect(await findToast()).toHaveTextContent('Service deleted successfully');
    expect(calls.filter((call) => call.method === 'DELETE')).toHaveLength(1);
  });
});

describe('TermsPage', () => {
  it('refuses empty terms and reports a partial failure', async () => {
    const { wrapper, calls } = fakeApi({
      'GET /api/tnc/latest': () => ({ data: { content: 'Current terms' } }),
      'POST /api/tnc/save': () => ({ message: 'x', updated: 2, failed: 1, data: {} }),
    });
    render(<TermsPage />, { wrapper });
    const textarea = screen.getByLabelText('Default Terms and Conditions');
    await waitFor(() => expect(textarea).toHaveValue('Current terms'));
    fireEvent.change(textarea, { target: { value: '   ' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Terms and Conditions cannot be empty!',
    );
    expect(calls.some((call) => call.method === 'POST')).toBe(false);
    fireEvent.change(textarea, { target: { value: 'New terms' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    // The shared toasts stack: the newest comes first.
    await waitFor(() =>
      expect(screen.getAllByRole('alert')[0]).toHaveTextContent(
        'Failed to update some or all services with default TnC.',
      ),
    );
  });
});
