import { expectNoSeriousAxeViolations } from '@prosign/ui/testing';
import { act, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { SowTemplateEditPage } from '../../pages/SowTemplateEditPage';
import { RESIDENTIAL, fakeApi, type Handler } from '../../test-support/fake-api';

const UNAUTHORIZED =
  'Unauthorized: You do not have permission to update the SOW services and deliverables.';

const CO_TEMPLATE = {
  _id: 'co-tpl',
  name: 'Change Order',
  type: 'main',
  templateFields: {
    template_start: 'This Change Order for $project_address is signed by $signatory_name.',
    template_change_order_acknowledgement: 'The fee of this change is $fee.',
  },
  updatedAt: null,
  updatedBy: null,
};

function renderPage(put: Handler, coPut: Handler = () => ({})) {
  const api = fakeApi({
    'GET /api/co/get-templates': () => ({
      templates: [{ _id: 'co-tpl', name: 'Change Order', type: 'main' }],
    }),
    'GET /api/co/get-template/co-tpl': () => CO_TEMPLATE,
    'PUT /api/co/update/co-tpl': coPut,
    'GET /api/sow/get-templates': () => ({
      templates: [
        { _id: 'tpl-1', name: 'Residential' },
        { _id: 'tpl-2', name: 'Commercial' },
      ],
    }),
    'GET /api/sow/services-deliverables/name/Residential': () => RESIDENTIAL,
    'GET /api/sow/services-deliverables/name/Commercial': () => ({
      ...RESIDENTIAL,
      _id: 'tpl-2',
      name: 'Commercial',
      services: { designer_cp: 'Commercial design set.' },
    }),
    'PUT /api/sow/services-deliverables/tpl-1': put,
  });
  render(<SowTemplateEditPage />, { wrapper: api.wrapper });
  return api;
}

describe('/sow-template-edit', () => {
  it('edits a role’s services text of the chosen template and saves it by id', async () => {
    const user = userEvent.setup();
    let release!: () => void;
    const api = renderPage(
      (body) =>
        new Promise((resolve) => {
          release = () =>
            resolve({
              message: 'Services and deliverables updated.',
              template: { ...RESIDENTIAL, ...(body as object) },
            });
        }),
    );
    const designer = await screen.findByRole('textbox', { name: 'Designer services' });
    expect(designer).toHaveValue('Design drawings for permit.');
    await user.clear(designer);
    await user.type(designer, 'Permit set and two revisions.');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByRole('button', { name: 'Saving…' })).toBeDisabled();
    act(() => release());
    expect(await screen.findByText('Template content updated successfully.')).toBeInTheDocument();
    expect(api.calls.find((call) => call.method === 'PUT')?.body).toMatchObject({
      services: { designer_cp: 'Permit set and two revisions.' },
    });
  });

  it('shows the texts of another template when it is chosen', async () => {
    const user = userEvent.setup();
    renderPage(() => ({}));
    await screen.findByRole('textbox', { name: 'Designer services' });
    await user.click(screen.getByRole('button', { name: /SOW template/ }));
    await user.click(await screen.findByRole('option', { name: 'Commercial' }));
    await waitFor(() =>
      expect(screen.getByRole('textbox', { name: 'Designer services' })).toHaveValue(
        'Commercial design set.',
      ),
    );
  });

  it('tells a non-admin the server refused the save, and reports other failures', async () => {
    const user = userEvent.setup();
    let answer: unknown = { statusCode: 403, message: UNAUTHORIZED };
    renderPage(() => {
      throw answer;
    });
    await screen.findByRole('textbox', { name: 'Designer services' });
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText(UNAUTHORIZED)).toBeInTheDocument();
    answer = { statusCode: 500, message: 'boom' };
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Error while updating template content.')).toBeInTheDocument();
  });

  it('lets an admin edit the CO template texts and save them by id; a failure is reported', async () => {
    const user = userEvent.setup();
    let fail = false;
    const api = renderPage(
      () => ({}),
      (body) => {
        if (fail) throw { statusCode: 500, message: 'boom' };
        return {
          message: 'Template updated.',
          template: { ...CO_TEMPLATE, ...(body as object) },
        };
      },
    );
    const start = await screen.findByRole('textbox', { name: 'Start' });
    expect(start).toHaveValue(CO_TEMPLATE.templateFields.template_start);
    expect(screen.getByRole('textbox', { name: 'Change order acknowledgement' })).toHaveValue(
      'The fee of this change is $fee.',
    );
    await user.clear(start);
    await user.type(start, 'Change Order for $project_address, signed by $signatory_name.');
    await user.click(screen.getByRole('button', { name: 'Update the CO template' }));
    expect(
      await screen.findByText('Change-order template content updated successfully.'),
    ).toBeInTheDocument();
    expect(api.calls.find((call) => call.path === '/api/co/update/co-tpl')?.body).toEqual({
      templateFields: {
        template_start: 'Change Order for $project_address, signed by $signatory_name.',
        template_change_order_acknowledgement: 'The fee of this change is $fee.',
      },
    });
    fail = true;
    await user.click(screen.getByRole('button', { name: 'Update the CO template' }));
    expect(await screen.findByText('Error while updating template content.')).toBeInTheDocument();
  });

  it('has no serious accessibility violations', async () => {
    renderPage(() => ({}));
    await screen.findByRole('textbox', { name: 'Designer services' });
    await act(async () => expectNoSeriousAxeViolations());
  });
});
