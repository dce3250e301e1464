import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { LoadRemotePages } from '../remotes/remote-loader';
import { RemoteUnavailableError } from '../remotes/remote-registry';
import { fakePages, renderShell, setViewportWidth } from './render-shell';

describe('a remote that is down', () => {
  beforeEach(() => {
    setViewportWidth(1280);
    // React reports errors caught by an error boundary on the console.
    jest.spyOn(console, 'error').mockImplementation(() => undefined);
  });
  afterEach(() => jest.restoreAllMocks());

  let contractsUp = false;
  const contractsDown: LoadRemotePages = (remote) =>
    remote === 'contracts' && !contractsUp
      ? Promise.reject(new RemoteUnavailableError('contracts', 'its code could not be fetched'))
      : Promise.resolve(fakePages(remote));

  beforeEach(() => {
    contractsUp = false;
  });

  it('shows the error panel inside the layout while the navigation keeps working', async () => {
    const user = userEvent.setup();
    await renderShell('/dashboard', { loadPages: contractsDown });

    const alert = await screen.findByRole('alert');
    expect(
      within(alert).getByRole('heading', { name: 'This section is unavailable' }),
    ).toBeInTheDocument();
    expect(alert).toHaveTextContent('The Dashboard section could not be loaded');
    expect(screen.getByRole('navigation')).toBeInTheDocument();

    await user.click(screen.getByRole('link', { name: 'Invoices' }));
    expect(
      await screen.findByRole('heading', { level: 1, name: 'invoices / Invoices' }),
    ).toBeInTheDocument();
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });

  it('loads the section on Retry once the remote is back', async () => {
    const user = userEvent.setup();
    const { loadPages } = await renderShell('/services', { loadPages: contractsDown });
    await screen.findByRole('alert');

    contractsUp = true;
    await user.click(screen.getByRole('button', { name: 'Retry' }));
    expect(
      await screen.findByRole('heading', { level: 1, name: 'contracts / Services' }),
    ).toBeInTheDocument();
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
    expect(loadPages).toHaveBeenCalledTimes(2);
  });

  it('shows the error panel when a remote lacks the page', async () => {
    await renderShell('/invoices', { loadPages: () => Promise.resolve({}) });
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'The Invoices section could not be loaded',
    );
  });
});
