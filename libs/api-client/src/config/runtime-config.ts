/**
 * Runtime configuration: served as `/runtime-config.json` by each frontend's
 * static server and read at start-up, so one build runs in every environment.
 */
import {
  CAPTCHA_ADAPTERS,
  MAPS_ADAPTERS,
  REMOTE_KEYS,
  type CaptchaAdapter,
  type MapsAdapter,
  type RemoteKey,
} from '@prosign/domain';

// Declared once in the domain (the backend's configuration reads the same lists);
// exported here too for the apps that read the runtime configuration.
export { REMOTE_KEYS, type RemoteKey };

/** Address autocomplete: Google Places in the browser with `apiKey`, else the API's local suggestions. */
export interface MapsRuntimeConfig {
  readonly adapter: MapsAdapter;
  /** Google Maps browser key (only with `google`). */
  readonly apiKey?: string;
}

/** The robot check of the signing pages: reCAPTCHA v2 with `siteKey`, or the local checkbox. */
interface CaptchaRuntimeConfig {
  readonly adapter: CaptchaAdapter;
  /** reCAPTCHA's public site key (only with `recaptcha`). */
  readonly siteKey?: string;
}

export interface RuntimeConfig {
  /** Origin of the API, e.g. `http://localhost:3000`. */
  readonly apiUrl: string;
  /** Module-federation manifest URL of each remote. */
  readonly remotes: Readonly<Record<RemoteKey, string>>;
  /** Absent means local (parseRuntimeConfig always fills it). */
  readonly maps?: MapsRuntimeConfig;
  /** Absent means local (parseRuntimeConfig always fills it). */
  readonly captcha?: CaptchaRuntimeConfig;
  /** The firm's customer-reviews page, where the signing page goes after completion (spec 1 §2.4). */
  readonly reviewsUrl?: string;
}

/** Where signers go after completing when the deployment names no reviews page. */
export const DEFAULT_REVIEWS_URL = 'https://www.google.com/search?q=ProSign+reviews';

const RUNTIME_CONFIG_PATH = '/runtime-config.json';

export class RuntimeConfigError extends Error {
  override readonly name = 'RuntimeConfigError';
}

function isNonEmptyString(value: unknown): value is string {
  return typeof value === 'string' && value.trim().length > 0;
}

function objectOrEmpty(value: unknown): Record<string, unknown> {
  return (typeof value === 'object' && value !== null ? value : {}) as Record<string, unknown>;
}

function oneOf<T extends string>(allowed: readonly T[], value: unknown, what: string): T {
  if (value === undefined) return allowed[0];
  if (typeof value === 'string' && (allowed as readonly string[]).includes(value))
    return value as T;
  throw new RuntimeConfigError(
    `The runtime configuration's ${what} must be one of: ${allowed.join(', ')}.`,
  );
}

function parseMaps(value: unknown): MapsRuntimeConfig {
  const raw = objectOrEmpty(value);
  const adapter = oneOf(MAPS_ADAPTERS, raw.adapter, 'maps.adapter');
  return adapter === 'google' && isNonEmptyString(raw.apiKey)
    ? { adapter, apiKey: raw.apiKey.trim() }
    : { adapter };
}

function parseCaptcha(value: unknown): CaptchaRuntimeConfig {
  const raw = objectOrEmpty(value);
  const adapter = oneOf(CAPTCHA_ADAPTERS, raw.adapter, 'captcha.adapter');
  return adapter === 'recaptcha' && isNonEmptyString(raw.siteKey)
    ? { adapter, siteKey: raw.siteKey.trim() }
    : { adapter };
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
  const sections = candidate as { maps?: unknown; captcha?: unknown; reviewsUrl?: unknown };
  return {
    apiUrl: candidate.apiUrl.replace(/\/+$/, ''),
    remotes,
    maps: parseMaps(sections.maps),
    captcha: parseCaptcha(sections.captcha),
    reviewsUrl: isNonEmptyString(sections.reviewsUrl)
      ? sections.reviewsUrl.trim()
      : DEFAULT_REVIEWS_URL,
  };
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
