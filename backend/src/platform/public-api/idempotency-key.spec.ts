import { idempotencyRecordId, parseIdempotencyKey, requestFingerprint } from './idempotency-key';

describe('Idempotency-Key', () => {
  it('takes 1 to 255 visible ASCII characters, quoted or not', () => {
    expect(parseIdempotencyKey('8e03978e-40d5-43e8-bc93-6894a57f9324')).toBe(
      '8e03978e-40d5-43e8-bc93-6894a57f9324',
    );
    expect(parseIdempotencyKey('"order-7"')).toBe('order-7');
    expect(parseIdempotencyKey(' k ')).toBe('k');
    expect(parseIdempotencyKey('k'.repeat(255))).toBe('k'.repeat(255));
    for (const refused of ['', '""', 'k'.repeat(256), 'two words', 'clé', 'tab\there']) {
      expect(parseIdempotencyKey(refused)).toBeNull();
    }
  });

  it("fingerprints method, URL and body, whatever the order of the body's fields", () => {
    const base = requestFingerprint('POST', '/api/v1/agreements', {
      a: 1,
      b: { c: [1, 2], d: 'x' },
    });
    expect(
      requestFingerprint('post', '/api/v1/agreements', { b: { d: 'x', c: [1, 2] }, a: 1 }),
    ).toBe(base);
    expect(
      requestFingerprint('POST', '/api/v1/agreements', { a: 1, b: { c: [2, 1], d: 'x' } }),
    ).not.toBe(base);
    expect(
      requestFingerprint('POST', '/api/v1/templates', { a: 1, b: { c: [1, 2], d: 'x' } }),
    ).not.toBe(base);
    expect(
      requestFingerprint('POST', '/api/v1/agreements', { a: '1', b: { c: [1, 2], d: 'x' } }),
    ).not.toBe(base);
  });

  it("keeps two API keys' records apart under the same Idempotency-Key", () => {
    expect(idempotencyRecordId('key-a', 'order-1')).not.toBe(
      idempotencyRecordId('key-b', 'order-1'),
    );
    expect(idempotencyRecordId('key-a', 'order-1')).toBe(idempotencyRecordId('key-a', 'order-1'));
  });
});
