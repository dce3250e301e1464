/**
 * Runtime configuration: served as `/runtime-config.json` by each frontend's
 * static server and read at start-up, so one build runs in every environment.
 */
export const REMOTE_KEYS = ['contracts', 'sowCo', 'invoices', 'signing'] as const;

export type RemoteKey = (typeof REMOTE_KEYS)[number];

export interface RuntimeConfig {
  /** Origin of the API, e.g. `http://localhost:3000`. */
  readonly apiUrl: string;
  /** Module-federation manifest URL of each remote. */
  readonly remotes: Readonly<Record<RemoteKey, string>>;
}

export const RUNTIME_CONFIG_PATH = '/runtime-config.json';

export class RuntimeConfigError extends Error {
  override readonly name = 'RuntimeConfigError';
}

function isNonEmptyString(value: unknown): value is string {
  return typeof value === 'string' && value.trim().length > 0;
}

/** Checks the shape of a runtime configuration document. */
export function parseRuntimeConfig(value: unknown): RuntimeConfig {
  if (typeof value !== 'object' || value === null) {
    throw new RuntimeConfigError('The runtime configuration is not a JSON object.');
  }
  const candidate = value as { apiUrl?: unknown; remotes?: unknown };
  if (!isNonEmptyString(candidate.apiUrl)) {
    throw new RuntimeConfigError('The runtime configuration has no apiUrl.');
  }
  const rawRemotes = (
    typeof candidate.remotes === 'object' && candidate.remotes !== null ? candidate.remotes : {}
  ) as Record<string, unknown>;
  const remotes = {} as Record<RemoteKey, string>;
  for (const key of REMOTE_KEYS) {
    const url = rawRemotes[key];
    if (!isNonEmptyString(url))
      throw new RuntimeConfigError(`The runtime configuration has no URL for the ${key} remote.`);
    remotes[key] = url;
  }
  return { apiUrl: candidate.apiUrl.replace(/\/+$/, ''), remotes };
}

/** Fetches and checks `/runtime-config.json` (never cached: it changes per deployment). */
export async function loadRuntimeConfig(
  url: string = RUNTIME_CONFIG_PATH,
  fetchImpl: typeof fetch = (input, init) => globalThis.fetch(input, init),
): Promise<RuntimeConfig> {
  let response: Response;
  try {
    response = await fetchImpl(url, { cache: 'no-store', headers: { Accept: 'application/json' } });
  } catch (cause) {
    throw new RuntimeConfigError(
      `Could not load ${url}: ${cause instanceof Error ? cause.message : String(cause)}`,
    );
  }
  if (!response.ok) throw new RuntimeConfigError(`Could not load ${url}: HTTP ${response.status}`);
  let body: unknown;
  try {
    body = await response.json();
  } catch {
    throw new RuntimeConfigError(`${url} is not valid JSON.`);
  }
  return parseRuntimeConfig(body);
}
