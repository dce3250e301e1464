import {
  idempotencyRecordId,
  openAnswer,
  parseIdempotencyKey,
  requestFingerprint,
  sealAnswer,
} from './idempotency-key';

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

describe('a kept answer', () => {
  const json = JSON.stringify({ endpoint: { id: 'e1' }, secret: 'whsec_c2VjcmV0' });
  const apiKey = 'psk_live_AbCd1234_key';

  it('is sealed: the stored text does not carry the answer, the same key reads it back', () => {
    const sealed = sealAnswer(json, apiKey, 'record-1');
    expect(sealed).not.toContain('whsec_');
    expect(sealed).not.toContain('c2VjcmV0');
    expect(openAnswer(sealed, apiKey, 'record-1')).toBe(json);
  });

  it('cannot be read with another key or under another record', () => {
    const sealed = sealAnswer(json, apiKey, 'record-1');
    expect(openAnswer(sealed, 'psk_live_AbCd1234_other', 'record-1')).toBeNull();
    expect(openAnswer(sealed, apiKey, 'record-2')).toBeNull();
  });

  it('kept before answers were sealed, is read as it was stored', () => {
    expect(openAnswer(json, apiKey, 'record-1')).toBe(json);
  });
});
