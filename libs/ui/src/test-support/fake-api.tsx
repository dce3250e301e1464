import { RuntimeConfigProvider, type ApiClient, type RuntimeConfig } from '@prosign/api-client';
import { render } from '@testing-library/react';
import type { ReactElement } from 'react';

export { fakeApiClient, type FakeRoute } from '@prosign/api-client/testing';

export const testRuntimeConfig: RuntimeConfig = {
  apiUrl: 'http://api.test',
  remotes: { contracts: 'c', sowCo: 's', invoices: 'i', signing: 'g' },
};

/** Renders `ui` with a runtime configuration and the given API client. */
export function renderWithApi(
  ui: ReactElement,
  client: ApiClient,
  config: Partial<RuntimeConfig> = {},
) {
  return render(
    <RuntimeConfigProvider config={{ ...testRuntimeConfig, ...config }} client={client}>
      {ui}
    </RuntimeConfigProvider>,
  );
}
