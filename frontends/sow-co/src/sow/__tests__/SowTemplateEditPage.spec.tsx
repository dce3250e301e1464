import { expectNoSeriousAxeViolations } from '@prosign/ui/testing';
import { act, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { SowTemplateEditPage } from '../../pages/SowTemplateEditPage';
import { RESIDENTIAL, fakeApi, type Handler } from '../../test-support/fake-api';

const UNAUTHORIZED =
  'Unauthorized: You do not have permission to update the SOW services and deliverables.';

function renderPage(put: Handler) {
  const api = fakeApi({
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

jest.setTimeout(30_000);

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

  it('has no serious accessibility violations', async () => {
    renderPage(() => ({}));
    await screen.findByRole('textbox', { name: 'Designer services' });
    await act(async () => expectNoSeriousAxeViolations());
  });
});
