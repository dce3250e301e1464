import {
  apiKeyRequestProblems,
  apiKeyState,
  formatApiKey,
  isApiKeyUsable,
  maskedApiKey,
  parseApiKey,
} from '../api-keys';

const SECRET = Buffer.alloc(32, 0xab).toString('base64url');
const NOW = new Date('2026-12-07T12:00:00Z');
const hoursFrom = (hours: number) => new Date(NOW.getTime() + hours * 3_600_000);
const FRESH = { expiresAt: null, revokedAt: null, rotatedUntil: null };

describe('API key format', () => {
  it('formats a key that parses back to its prefix and secret', () => {
    const key = formatApiKey('Ab3-xY9z', SECRET);
    expect(key).toBe(`psk_live_Ab3-xY9z_${SECRET}`);
    expect(parseApiKey(key)).toEqual({ prefix: 'Ab3-xY9z', secret: SECRET });
    expect(parseApiKey(` ${key}\n`)).toEqual({ prefix: 'Ab3-xY9z', secret: SECRET });
  });

  it('refuses to format parts of the wrong shape', () => {
    expect(() => formatApiKey('short', SECRET)).toThrow('prefix');
    expect(() => formatApiKey('Ab3_xY9z', SECRET)).toThrow('prefix');
    expect(() => formatApiKey('Ab3-xY9z', SECRET.slice(1))).toThrow('secret');
  });

  it('reads nothing that is not shaped like a key', () => {
    for (const presented of [
      '',
      'psk_live_',
      `psk_test_Ab3-xY9z_${SECRET}`,
      `psk_live_Ab3xY9z_${SECRET}`,
      `psk_live_Ab3-xY9z_${SECRET}A`,
      `psk_live_Ab3-xY9z_${SECRET.slice(0, 42)}B`,
      `psk_live_Ab3-xY9z_${SECRET.slice(0, 42)}=`,
    ]) {
      expect(parseApiKey(presented)).toBeNull();
    }
  });

  it('shows a key in lists by its prefix only', () => {
    expect(maskedApiKey('Ab3-xY9z')).toBe('psk_live_Ab3-xY9z_…');
  });
});

describe('API key requests', () => {
  it('accepts a name, known scopes and a future expiry', () => {
    expect(
      apiKeyRequestProblems({
        name: 'Accounting',
        scopes: ['agreements:read', 'invoices:read'],
        expiresAt: hoursFrom(1),
        now: NOW,
      }),
    ).toEqual([]);
  });

  it('names each problem: blank name, no scope, unknown or repeated scope, past expiry', () => {
    expect(apiKeyRequestProblems({ name: '  ', scopes: [], now: NOW })).toEqual([
      'name: give the key a name',
      'scopes: choose at least one scope',
    ]);
    expect(
      apiKeyRequestProblems({
        name: 'x'.repeat(101),
        scopes: ['agreements:read', 'agreements:read', 'admin'],
        expiresAt: NOW,
        now: NOW,
      }),
    ).toEqual([
      'name: at most 100 characters',
      'scopes: admin is not a scope',
      'scopes: a scope is listed twice',
      'expiresAt: the expiry must be in the future',
    ]);
  });
});

describe('API key lifetime', () => {
  it('a key without expiry, revocation or rotation is usable', () => {
    expect(apiKeyState(FRESH, NOW)).toBe('active');
    expect(isApiKeyUsable(FRESH, NOW)).toBe(true);
  });

  it('a key is not usable from its expiry on', () => {
    const key = { ...FRESH, expiresAt: hoursFrom(1) };
    expect(isApiKeyUsable(key, hoursFrom(0.99))).toBe(true);
    expect(apiKeyState(key, hoursFrom(1))).toBe('expired');
    expect(isApiKeyUsable(key, hoursFrom(1))).toBe(false);
  });

  it('a revoked key is not usable, even inside a rotation overlap or before its expiry', () => {
    const key = { expiresAt: hoursFrom(48), revokedAt: NOW, rotatedUntil: hoursFrom(24) };
    expect(apiKeyState(key, NOW)).toBe('revoked');
    expect(isApiKeyUsable(key, NOW)).toBe(false);
  });

  it('a rotated key stays usable until the end of its overlap, then not', () => {
    const key = { ...FRESH, rotatedUntil: hoursFrom(24) };
    expect(apiKeyState(key, hoursFrom(23.9))).toBe('rotating');
    expect(isApiKeyUsable(key, hoursFrom(23.9))).toBe(true);
    expect(isApiKeyUsable(key, hoursFrom(24))).toBe(false);
  });

  it('a rotated key whose own expiry comes first stops at its expiry', () => {
    const key = { ...FRESH, expiresAt: hoursFrom(2), rotatedUntil: hoursFrom(24) };
    expect(isApiKeyUsable(key, hoursFrom(3))).toBe(false);
  });
});
