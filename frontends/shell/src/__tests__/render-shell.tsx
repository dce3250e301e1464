import type { RemoteKey, RuntimeConfig } from '@prosign/api-client';
import { createQueryClient } from '@prosign/api-client';
import { FULL_ACCESS, type AccessFlags } from '@prosign/domain';
import { PdfLoaderProvider, type PdfLoader } from '@prosign/ui';
import { act, render, type RenderResult } from '@testing-library/react';
import { MemoryRouter, useLocation } from 'react-router';
import { ShellProviders } from '../app/ShellProviders';
import { ShellRoutes } from '../app/ShellRoutes';
import { createRemoteLoader, type LoadRemotePages } from '../remotes/remote-loader';
import { REMOTES, type RemotePages } from '../remotes/remote-registry';
import { createFakeApi, staffSession, type FakeApi } from './fake-api';

const testConfig: RuntimeConfig = {
  apiUrl: 'http://api.test',
  remotes: {
    contracts: 'http://contracts.test/mf-manifest.json',
    sowCo: 'http://sow-co.test/mf-manifest.json',
    invoices: 'http://invoices.test/mf-manifest.json',
    signing: 'http://signing.test/mf-manifest.json',
  },
};

/** Stand-in remote pages: each renders an h1 "<remote> / <page>". */
export function fakePages(remote: RemoteKey): RemotePages {
  return Object.fromEntries(
    REMOTES[remote].pages.map((page) => [page, () => <h1>{`${remote} / ${page}`}</h1>]),
  );
}

const allRemotesUp: LoadRemotePages = (remote) => Promise.resolve(fakePages(remote));

/** Shows where the router is, so tests can see redirects (and the query, in `data-search`). */
function LocationProbe() {
  const { pathname, search } = useLocation();
  return (
    <output data-testid="location" data-search={search}>
      {pathname}
    </output>
  );
}

export interface RenderShellOptions {
  /** The signed-in person's flags (a session with every flag by default). */
  flags?: AccessFlags;
  /** The API the shell talks to; by default one where an admin is signed in with `flags`. */
  api?: FakeApi;
  loadPages?: LoadRemotePages;
  state?: unknown;
  /** Opens the PDFs the pages show (a fake in tests that show a document). */
  pdfLoader?: PdfLoader;
}

/**
 * Renders the shell's route table at `path`. Rendering happens inside an
 * awaited act(): React 19 only retries a component suspended on `use()` in
 * tests when the render that suspended ran in an async act scope.
 */
export async function renderShell(
  path: string,
  {
    flags = FULL_ACCESS,
    api = createFakeApi({ session: staffSession({ access: flags }) }),
    loadPages = allRemotesUp,
    state,
    pdfLoader,
  }: RenderShellOptions = {},
) {
  const loadSpy = jest.fn(loadPages);
  const remoteLoader = createRemoteLoader(loadSpy);
  const queryClient = createQueryClient({ queries: { retry: false } });
  const [pathname, search = ''] = path.split('?');
  let utils!: RenderResult;
  await act(async () => {
    utils = render(
      <ShellProviders
        config={testConfig}
        remoteLoader={remoteLoader}
        queryClient={queryClient}
        fetch={api.fetch}
      >
        <MemoryRouter initialEntries={[{ pathname, search: search ? `?${search}` : '', state }]}>
          {pdfLoader ? (
            <PdfLoaderProvider loader={pdfLoader}>
              <ShellRoutes />
            </PdfLoaderProvider>
          ) : (
            <ShellRoutes />
          )}
          <LocationProbe />
        </MemoryRouter>
      </ShellProviders>,
    );
  });
  // Let the session check settle before the test looks at the screen.
  await act(async () => {
    await Promise.resolve();
  });
  return { ...utils, loadPages: loadSpy, api, queryClient };
}

/** jsdom has no layout: pretend the window is `width` pixels wide for matchMedia. */
export function setViewportWidth(width: number) {
  window.matchMedia = ((query: string) => {
    const max = /max-width:\s*(\d+)px/.exec(query);
    return {
      matches: max ? width <= Number(max[1]) : false,
      media: query,
      onchange: null,
      addEventListener: () => undefined,
      removeEventListener: () => undefined,
      addListener: () => undefined,
      removeListener: () => undefined,
      dispatchEvent: () => false,
    } as MediaQueryList;
  }) as typeof window.matchMedia;
}
