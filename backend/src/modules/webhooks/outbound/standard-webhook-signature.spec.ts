import { Webhook } from 'standardwebhooks';
import { generateWebhookSecret, signWebhook } from './standard-webhook-signature';

// Every check goes through the independent `standardwebhooks` library, as a receiver would.
describe('Standard Webhooks signature', () => {
  const body = JSON.stringify({ id: 'evt_1', type: 'agreement.completed', sequence: 3 });
  const message = { id: 'msg_2Lq9e7', timestamp: new Date(), body };

  it('is accepted by the standardwebhooks verifier holding the same secret', () => {
    const secret = generateWebhookSecret();
    const headers = signWebhook(message, [secret]);

    expect(new Webhook(secret).verify(body, { ...headers })).toEqual(JSON.parse(body));
    expect(headers['webhook-id']).toBe('msg_2Lq9e7');
    expect(headers['webhook-timestamp']).toBe(
      String(Math.floor(message.timestamp.getTime() / 1000)),
    );
    expect(headers['webhook-signature']).toMatch(/^v1,[A-Za-z0-9+/]+=*$/);
  });

  it('during a rotation carries two signatures, and a receiver holding either secret accepts', () => {
    const oldSecret = generateWebhookSecret();
    const newSecret = generateWebhookSecret();
    const headers = signWebhook(message, [oldSecret, newSecret]);

    expect(headers['webhook-signature'].split(' ')).toHaveLength(2);
    expect(() => new Webhook(oldSecret).verify(body, { ...headers })).not.toThrow();
    expect(() => new Webhook(newSecret).verify(body, { ...headers })).not.toThrow();
    expect(() => new Webhook(generateWebhookSecret()).verify(body, { ...headers })).toThrow(
      'No matching signature found',
    );
  });

  it('is refused when the body was changed on the way', () => {
    const secret = generateWebhookSecret();
    const headers = signWebhook(message, [secret]);
    const tampered = body.replace('"sequence":3', '"sequence":4');

    expect(() => new Webhook(secret).verify(tampered, { ...headers })).toThrow(
      'No matching signature found',
    );
  });

  it('is refused when its timestamp is older than the verifier tolerates (a replay)', () => {
    const secret = generateWebhookSecret();
    const tenMinutesAgo = new Date(Date.now() - 10 * 60 * 1000);
    const headers = signWebhook({ ...message, timestamp: tenMinutesAgo }, [secret]);

    expect(() => new Webhook(secret).verify(body, { ...headers })).toThrow(
      'Message timestamp too old',
    );
  });

  it('generates secrets of 24 to 64 random bytes, each one different', () => {
    const secrets = [generateWebhookSecret(24), generateWebhookSecret(), generateWebhookSecret(64)];

    expect(secrets.map((s) => Buffer.from(s.slice('whsec_'.length), 'base64').length)).toEqual([
      24, 32, 64,
    ]);
    expect(new Set(secrets).size).toBe(3);
    expect(() => generateWebhookSecret(16)).toThrow('24 to 64 random bytes');
    expect(() => generateWebhookSecret(65)).toThrow('24 to 64 random bytes');
  });

  it('refuses a secret that is not whsec_ plus base64, and a message id with whitespace', () => {
    expect(() => signWebhook(message, [])).toThrow('at least one secret');
    expect(() => signWebhook(message, ['plain-shared-secret'])).toThrow('starts with "whsec_"');
    expect(() => signWebhook(message, ['whsec_c2hvcnQ='])).toThrow('at least 24 bytes');
    expect(() => signWebhook(message, ['whsec_not*base64*at*all*not*base64*at*all*'])).toThrow(
      'in base64',
    );
    expect(() => signWebhook({ ...message, id: 'msg 1' }, [generateWebhookSecret()])).toThrow(
      'without whitespace',
    );
  });
});
