import { render, screen } from '@testing-library/react';
import {
  ApiProvider,
  createApiClient,
  createQueryClient,
  useApiUrl,
  useHealth,
  type RuntimeConfig,
} from '../index';

const config: RuntimeConfig = {
  apiUrl: 'http://api.test',
  remotes: { contracts: 'c', sowCo: 's', invoices: 'i', signing: 'g' },
};

function HealthLine() {
  const apiUrl = useApiUrl();
  const health = useHealth();
  if (health.isPending) return <p>Checking {apiUrl}…</p>;
  if (health.isError) return <p>API down: {health.error.message}</p>;
  return <p>API {health.data.status}</p>;
}

function renderWith(fetchImpl: typeof fetch) {
  const client = createApiClient({ baseUrl: config.apiUrl, fetch: fetchImpl });
  const queryClient = createQueryClient({ queries: { retry: false } });
  render(
    <ApiProvider config={config} client={client} queryClient={queryClient}>
      <HealthLine />
    </ApiProvider>,
  );
}

function jsonResponse(status: number, body: unknown): Response {
  return {
    ok: status >= 200 && status < 300,
    status,
    statusText: '',
    headers: { get: () => 'application/json' },
    text: () => Promise.resolve(JSON.stringify(body)),
  } as unknown as Response;
}

describe('useHealth', () => {
  it('reads GET /api/health from the configured API', async () => {
    const fetchImpl = jest.fn(() => Promise.resolve(jsonResponse(200, { status: 'ok' })));
    renderWith(fetchImpl as unknown as typeof fetch);
    expect(screen.getByText('Checking http://api.test…')).toBeInTheDocument();
    expect(await screen.findByText('API ok')).toBeInTheDocument();
    expect(fetchImpl).toHaveBeenCalledWith(
      'http://api.test/api/health',
      expect.objectContaining({ credentials: 'include' }),
    );
  });

  it('surfaces the server error message', async () => {
    renderWith((() =>
      Promise.resolve(
        jsonResponse(503, {
          statusCode: 503,
          message: 'Database down',
          error: 'Service Unavailable',
        }),
      )) as unknown as typeof fetch);
    expect(await screen.findByText('API down: Database down')).toBeInTheDocument();
  });
});
