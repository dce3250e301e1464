import { ApiProvider, type ApiClient, type RuntimeConfig } from '@prosign/api-client';
import { fakeApiClient, type FakeRoute } from '@prosign/api-client/testing';
import { PdfLoaderProvider, ToastProvider } from '@prosign/ui';
import { fakePdfLoader } from '@prosign/ui/testing';
import { QueryClient } from '@tanstack/react-query';
import { render } from '@testing-library/react';
import type { ReactElement } from 'react';
import { MemoryRouter, Route, Routes } from 'react-router';

export type { FakeRoute } from '@prosign/api-client/testing';

/** A fake ApiClient answering from `'METHOD /path'` routes, and the calls it recorded. */
export function fakeClient(routes: Record<string, FakeRoute>) {
  const client = fakeApiClient(routes);
  return { client, calls: client.calls };
}

export const TEST_CONFIG: RuntimeConfig = {
  apiUrl: 'http://api.test',
  remotes: { contracts: 'c', sowCo: 's', invoices: 'i', signing: 'g' },
  reviewsUrl: 'https://reviews.test/firm',
};

/** A one-page US-letter PDF instead of PDF.js (jsdom draws no canvas). */
const onePagePdf = fakePdfLoader(1);

/** Renders a page at `path` under the signing routes' providers, with a fake API and a fake PDF. */
export function renderRoute(
  element: ReactElement,
  { path, pattern, client }: { path: string; pattern: string; client: ApiClient },
) {
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  return render(
    <ApiProvider config={TEST_CONFIG} client={client} queryClient={queryClient}>
      <ToastProvider>
        <PdfLoaderProvider loader={onePagePdf}>
          <MemoryRouter initialEntries={[path]}>
            <Routes>
              <Route path={pattern} element={element} />
            </Routes>
          </MemoryRouter>
        </PdfLoaderProvider>
      </ToastProvider>
    </ApiProvider>,
  );
}
