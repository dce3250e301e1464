import { screen } from '@testing-library/react';
import { createFakeApi } from './fake-api';
import { renderShell, setViewportWidth } from './render-shell';

beforeEach(() => setViewportWidth(1280));

describe('error page', () => {
  it('shows "500 Error" and "Something went wrong." by default, without navigation when signed out', async () => {
    await renderShell('/error', { api: createFakeApi({ session: null }) });
    expect(await screen.findByRole('heading', { level: 1, name: '500 Error' })).toBeInTheDocument();
    expect(screen.getByText('Something went wrong.')).toBeInTheDocument();
    expect(screen.queryByRole('navigation')).not.toBeInTheDocument();
  });

  it('keeps the staff navigation for signed-in staff and says the status once', async () => {
    await renderShell('/error?status=404&message=No%20such%20contract.');
    expect(await screen.findByRole('heading', { level: 1, name: '404 Error' })).toBeInTheDocument();
    expect(screen.getByRole('navigation')).toBeInTheDocument();
    expect(screen.getByRole('main').textContent?.match(/404/g)).toHaveLength(1);
  });

  it('shows the status and message from the query', async () => {
    await renderShell('/error?status=403&message=You%20cannot%20open%20this%20contract.');
    expect(screen.getByRole('heading', { level: 1, name: '403 Error' })).toBeInTheDocument();
    expect(screen.getByText('You cannot open this contract.')).toBeInTheDocument();
  });
});

describe('route table', () => {
  it.each([
    ['/', 'contracts / CreateContract'],
    ['/terms', 'contracts / Terms'],
    ['/documents/new', 'contracts / DocumentBuilder'],
    // A saved draft reopens on the same route (documentDraftPath).
    ['/documents/new?draft=65f0a1', 'contracts / DocumentBuilder'],
    ['/documents/templates', 'contracts / DocumentTemplates'],
    ['/invoices', 'invoices / Invoices'],
    ['/sow', 'sowCo / Sow'],
    ['/sow-template-edit', 'sowCo / SowTemplateEdit'],
  ])('%s renders its remote page inside the staff layout', async (path, heading) => {
    await renderShell(path);
    expect(await screen.findByRole('heading', { level: 1, name: heading })).toBeInTheDocument();
    expect(screen.getByRole('navigation')).toBeInTheDocument();
  });

  it('renders the shell’s own User Access page', async () => {
    await renderShell('/user-access');
    expect(screen.getByRole('heading', { level: 1, name: 'User Access' })).toBeInTheDocument();
  });

  it.each([
    ['/some-token?docLink=x&prefix=y', 'signing / CustomerSigning'],
    ['/verify/abc', 'signing / Verify'],
    ['/sow-signature/SOW-1', 'signing / LinkSignature'],
    ['/co-signature/CO-1', 'signing / LinkSignature'],
  ])('%s is a public signing page without the staff navigation', async (path, heading) => {
    await renderShell(path);
    expect(await screen.findByRole('heading', { level: 1, name: heading })).toBeInTheDocument();
    expect(screen.queryByRole('navigation')).not.toBeInTheDocument();
  });

  it('shows the staff sign-in at /portal without the staff navigation', async () => {
    await renderShell('/portal', { api: createFakeApi({ session: null }) });
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Staff Sign-in' }),
    ).toBeInTheDocument();
    expect(screen.queryByRole('navigation')).not.toBeInTheDocument();
  });

  it('sends /co opened directly, without its navigation state, to /', async () => {
    await renderShell('/co');
    expect(
      await screen.findByRole('heading', { name: 'contracts / CreateContract' }),
    ).toBeInTheDocument();
    expect(screen.getByTestId('location')).toHaveTextContent(/^\/$/);
  });

  it('shows a not-found page for an unknown path of several segments', async () => {
    await renderShell('/no/such/page');
    expect(screen.getByRole('heading', { level: 1, name: 'Page not found' })).toBeInTheDocument();
  });
});
