/**
 * API keys: what another system presents to call ProSign's public api. A key
 * reads `psk_live_<prefix>_<secret>`: the prefix (8 characters) names the key in lists and
 * logs without revealing it; the secret (32 random bytes, base64url) is shown once and
 * stored only as a hash.
 */

/** What a key may do; a key acts with its scopes only, never as a staff member. */
export const API_KEY_SCOPES = [
  'agreements:read',
  'agreements:write',
  'templates:read',
  'services:read',
  'events:read',
  'webhooks:write',
  'invoices:read',
] as const;

export type ApiKeyScope = (typeof API_KEY_SCOPES)[number];

const KEY_LEAD = 'psk_live_';
/** 8 characters of base64url without `_`, so the separator after it is unambiguous. */
const PREFIX_SHAPE = /^[A-Za-z0-9-]{8}$/;
/** 32 bytes in unpadded base64url: 43 characters, the last one carrying 2 bits. */
const SECRET_SHAPE = /^[A-Za-z0-9_-]{42}[AEIMQUYcgkosw048]$/;
const KEY_SHAPE = /^psk_live_([A-Za-z0-9-]{8})_([A-Za-z0-9_-]{43})$/;

/** Bytes of randomness behind a key's secret. */
export const API_KEY_SECRET_BYTES = 32;

/** The overlap a rotated key stays valid alongside its successor, unless the admin says otherwise. */
export const API_KEY_ROTATION_OVERLAP_HOURS = 24;

/** The longest overlap an admin may give a rotation: a week. */
export const API_KEY_MAX_ROTATION_OVERLAP_HOURS = 24 * 7;

/** The full key from its prefix and secret; throws on parts of the wrong shape (a programming error). */
export function formatApiKey(prefix: string, secret: string): string {
  if (!isApiKeyPrefix(prefix)) throw new Error('An API key prefix is 8 letters, digits or "-".');
  if (!SECRET_SHAPE.test(secret)) throw new Error('An API key secret is 32 bytes in base64url.');
  return `${KEY_LEAD}${prefix}_${secret}`;
}

/** A key as presented, split into its prefix and secret; null when it is not shaped like a key. */
export function parseApiKey(presented: string): { prefix: string; secret: string } | null {
  const found = KEY_SHAPE.exec(presented.trim());
  if (!found || !SECRET_SHAPE.test(found[2])) return null;
  return { prefix: found[1], secret: found[2] };
}

function isApiKeyPrefix(value: string): boolean {
  return PREFIX_SHAPE.test(value);
}

/** How a key is shown in lists: its lead and prefix, the secret elided. */
export function maskedApiKey(prefix: string): string {
  return `${KEY_LEAD}${prefix}_…`;
}

/**
 * How a record names a key that made it (`createdBy` of a webhook endpoint): by its prefix,
 * which the admins' API keys page shows, never by its secret.
 */
export function apiKeyAuthor(prefix: string): string {
  return `api-key:${prefix}`;
}

function isApiKeyScope(value: unknown): value is ApiKeyScope {
  return typeof value === 'string' && (API_KEY_SCOPES as readonly string[]).includes(value);
}

/** A key's name and scopes as an admin asked for them: the problems, none when they may be saved. */
export function apiKeyRequestProblems(request: {
  name: string;
  scopes: readonly string[];
  expiresAt?: Date | null;
  now: Date;
}): string[] {
  const problems: string[] = [];
  const name = request.name.trim();
  if (!name) problems.push('name: give the key a name');
  else if (name.length > 100) problems.push('name: at most 100 characters');
  if (request.scopes.length === 0) problems.push('scopes: choose at least one scope');
  for (const scope of request.scopes) {
    if (!isApiKeyScope(scope)) problems.push(`scopes: ${scope} is not a scope`);
  }
  if (new Set(request.scopes).size !== request.scopes.length) {
    problems.push('scopes: a scope is listed twice');
  }
  if (request.expiresAt && request.expiresAt.getTime() <= request.now.getTime()) {
    problems.push('expiresAt: the expiry must be in the future');
  }
  return problems;
}

/** The lifetime fields of a stored key. */
export interface ApiKeyLifetime {
  expiresAt: Date | null;
  revokedAt: Date | null;
  /** Set when the key was rotated: it keeps working alongside its successor until then. */
  rotatedUntil: Date | null;
}

export type ApiKeyState = 'active' | 'rotating' | 'expired' | 'revoked';

/** Where a key stands at `now`: revoked wins, then expiry, then the end of a rotation's overlap. */
export function apiKeyState(key: ApiKeyLifetime, now: Date): ApiKeyState {
  const at = now.getTime();
  if (key.revokedAt && key.revokedAt.getTime() <= at) return 'revoked';
  if (key.expiresAt && key.expiresAt.getTime() <= at) return 'expired';
  if (key.rotatedUntil) return key.rotatedUntil.getTime() > at ? 'rotating' : 'expired';
  return 'active';
}

/** Whether a request presenting this key is let through at `now`. */
export function isApiKeyUsable(key: ApiKeyLifetime, now: Date): boolean {
  const state = apiKeyState(key, now);
  return state === 'active' || state === 'rotating';
}

/** A key as the admins' list shows it: never its secret nor its hash. */
export interface ApiKeyView {
  id: string;
  name: string;
  /** `psk_live_<prefix>_…`: recognisable, not usable. */
  masked: string;
  prefix: string;
  scopes: ApiKeyScope[];
  ownerEmail: string;
  createdBy: string;
  createdAt: string;
  expiresAt: string | null;
  revokedAt: string | null;
  rotatedUntil: string | null;
  lastUsedAt: string | null;
  /** The address the last request came from. */
  lastUsedFrom: string | null;
  state: ApiKeyState;
}

/** The answer to creating or rotating a key: the only time the full key is sent. */
export interface ApiKeyCreated {
  key: string;
  apiKey: ApiKeyView;
}
