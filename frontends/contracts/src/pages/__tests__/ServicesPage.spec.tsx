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

  it('keeps Delete disabled until a password is typed, and says "Deleting…" meanwhile', async () => {
    let answer: (value: unknown) => void = () => undefined;
    const { wrapper } = servicesApi({
      'POST /api/service/verify-password': () =>
        new Promise((resolve) => {
          answer = resolve;
        }),
      'DELETE /api/service/delete/c': () => ({ message: 'Service deleted successfully' }),
    });
    render(<ServicesPage />, { wrapper });
    fireEvent.click(await screen.findByRole('button', { name: 'Delete Inspection' }));
    const dialog = screen.getByRole('dialog');
    expect(within(dialog).getByRole('button', { name: 'Delete' })).toBeDisabled();
    fireEvent.change(within(dialog).getByLabelText('Password'), { target: { value: 'secret' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Delete' }));
    expect(await within(dialog).findByRole('button', { name: 'Deleting…' })).toBeDisabled();
    answer({ valid: true, message: 'ok' });
    expect(await findToast()).toHaveTextContent('Service deleted successfully');
  });

  it('marks the required texts and says what is missing, under the field and in a toast', async () => {
    const { wrapper, calls } = servicesApi();
    render(<ServicesPage />, { wrapper });
    await screen.findAllByTestId('service-item');
    const name = screen.getByRole('textbox', { name: 'Service Name' });
    const title = screen.getByRole('textbox', { name: 'Agreement Title' });
    expect(name).toHaveAttribute('aria-required', 'true');
    expect(title).toHaveAttribute('aria-required', 'true');
    expect(screen.getByRole('textbox', { name: 'Overview' })).not.toHaveAttribute('aria-required');

    fireEvent.change(name, { target: { value: '   ' } });
    fireEvent.click(screen.getByRole('button', { name: 'Add Service' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Error while adding service: Service name is required.',
    );
    expect(name).toHaveAttribute('aria-invalid', 'true');
    expect(name).toHaveAccessibleDescription('Service name is required.');
    expect(title).toHaveAccessibleDescription('Agreement title is required.');
    expect(name).toHaveFocus();

    // Corrected, the message goes at once.
    fireEvent.change(name, { target: { value: 'Geotechnical Review' } });
    await waitFor(() => expect(name).not.toHaveAttribute('aria-invalid'));
    expect(calls.some((call) => call.method === 'POST')).toBe(false);
  });

  it('shows an edit that drops a placeholder under the field it belongs to', async () => {
    const { wrapper } = servicesApi();
    render(<ServicesPage />, { wrapper });
    fireEvent.click(await screen.findByRole('button', { name: 'MEP Design' }));
    const fee = screen.getByRole('textbox', { name: 'Engineer Fee' });
    fireEvent.change(fee, { target: { value: 'Pay now' } });
    fireEvent.click(screen.getByRole('button', { name: 'Update Service' }));
    await waitFor(() =>
      expect(fee).toHaveAccessibleDescription(
        'Placeholders cannot be removed: Engineer Fee is missing $payment_clause.',
      ),
    );
    expect(fee).toHaveFocus();
  });

  it('disables the save button and says "Saving…" while the service is saved', async () => {
    let answer: (value: unknown) => void = () => undefined;
    const { wrapper } = servicesApi({
      'POST /api/service/create': (body) =>
        new Promise((resolve) => {
          answer = () =>
            resolve({ message: 'ok', service: { ...service('d', 'x', '4'), ...(body as object) } });
        }),
    });
    render(<ServicesPage />, { wrapper });
    await screen.findAllByTestId('service-item');
    fireEvent.change(screen.getByLabelText('Service Name *'), { target: { value: 'Survey' } });
    fireEvent.change(screen.getByLabelText('Agreement Title *'), {
      target: { value: 'Survey Agreement' },
    });
    fireEvent.click(screen.getByRole('button', { name: 'Add Service' }));
    const saving = await screen.findByRole('button', { name: 'Saving…' });
    expect(saving).toBeDisabled();
    answer(undefined);
    expect(await findToast()).toHaveTextContent('New service created successfully');
    await waitFor(() => expect(saving).toBeEnabled());
  });

  it('shows the server’s refusal in a toast and under the field it names', async () => {
    const { wrapper } = servicesApi({
      'POST /api/service/create': () => {
        throw {
          statusCode: 409,
          message: 'A service named "MEP Design" already exists. Choose another name.',
        };
      },
    });
    render(<ServicesPage />, { wrapper });
    await screen.findAllByTestId('service-item');
    const name = screen.getByLabelText('Service Name *');
    fireEvent.change(name, { target: { value: 'MEP Design' } });
    fireEvent.change(screen.getByLabelText('Agreement Title *'), { target: { value: 'MEP' } });
    fireEvent.click(screen.getByRole('button', { name: 'Add Service' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Error while adding service: A service named "MEP Design" already exists. Choose another name.',
    );
    await waitFor(() =>
      expect(name).toHaveAccessibleDescription(
        'A service named "MEP Design" already exists. Choose another name.',
      ),
    );
    expect(screen.getByRole('button', { name: 'Add Service' })).toBeEnabled();
  });
});

describe('TermsPage', () => {
  it('refuses empty terms and reports a partial failure', async () => {
    const { wrapper, calls } = fakeApi({
      'GET /api/tnc/latest': () => ({ data: { content: 'Current terms' } }),
      'POST /api/tnc/save': () => ({ message: 'x', updated: 2, failed: 1, data: {} }),
    });
    render(<TermsPage />, { wrapper });
    const textarea = screen.getByRole('textbox', { name: 'Default Terms and Conditions' });
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

  it('marks the terms required, shows why under the field, and "Saving…" while saving', async () => {
    let answer: (value: unknown) => void = () => undefined;
    const { wrapper } = fakeApi({
      'GET /api/tnc/latest': () => ({ data: { content: 'Current terms' } }),
      'POST /api/tnc/save': () =>
        new Promise((resolve) => {
          answer = resolve;
        }),
    });
    render(<TermsPage />, { wrapper });
    const textarea = screen.getByRole('textbox', { name: 'Default Terms and Conditions' });
    await waitFor(() => expect(textarea).toHaveValue('Current terms'));
    expect(textarea).toHaveAttribute('aria-required', 'true');
    fireEvent.change(textarea, { target: { value: '' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() =>
      expect(textarea).toHaveAccessibleDescription('Terms and Conditions cannot be empty!'),
    );
    expect(textarea).toHaveFocus();

    fireEvent.change(textarea, { target: { value: 'New terms' } });
    await waitFor(() => expect(textarea).not.toHaveAttribute('aria-invalid'));
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    const saving = await screen.findByRole('button', { name: 'Saving…' });
    expect(saving).toBeDisabled();
    answer({ message: 'x', updated: 2, failed: 0, data: {} });
    expect(await findToast()).toHaveTextContent(
      'Terms updated for all services with defaultTnC enabled!',
    );
    expect(screen.getByRole('button', { name: 'Save' })).toBeEnabled();
  });
});
