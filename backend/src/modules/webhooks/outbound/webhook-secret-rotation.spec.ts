import { WEBHOOK_OLD_SECRETS_KEPT } from '@prosign/domain';
import { generateWebhookSecret } from './standard-webhook-signature';
import { signingSecretsOf } from './webhook-dispatcher';
import type { StoredWebhookSecret } from './webhook-endpoint.repository';
import { secretsKeptAfterRotation } from './webhook-endpoints.service';
import { WebhookSecretBox } from './webhook-secret-box';

const HOUR_MS = 3_600_000;
const OVERLAP_MS = 24 * HOUR_MS;
const box = new WebhookSecretBox(undefined);
const t0 = new Date('2026-03-02T09:00:00Z');
const at = (hours: number) => new Date(t0.getTime() + hours * HOUR_MS);

/** Rotates `secrets` at `now` as the service does: a fresh current one, then the kept old ones. */
function rotate(
  secrets: StoredWebhookSecret[],
  now: Date,
): { secrets: StoredWebhookSecret[]; secret: string } {
  const secret = generateWebhookSecret();
  return {
    secret,
    secrets: [
      { sealed: box.seal(secret), until: null },
      ...secretsKeptAfterRotation(secrets, now, OVERLAP_MS),
    ],
  };
}

describe('webhook secret rotation', () => {
  const first = generateWebhookSecret();
  const created: StoredWebhookSecret[] = [{ sealed: box.seal(first), until: null }];

  it('keeps each rotated-out secret signing until 24 hours after its own rotation', () => {
    const second = rotate(created, at(0));
    const third = rotate(second.secrets, at(12));
    // Both predecessors sign alongside the newest while each is in its own overlap.
    expect(signingSecretsOf({ secrets: third.secrets }, box, at(13))).toEqual([
      third.secret,
      second.secret,
      first,
    ]);
    // The first ends 24 h after its rotation (hour 24), the second at hour 36.
    expect(signingSecretsOf({ secrets: third.secrets }, box, at(24.01))).toEqual([
      third.secret,
      second.secret,
    ]);
    expect(signingSecretsOf({ secrets: third.secrets }, box, at(36.01))).toEqual([third.secret]);
  });

  it(`keeps at most ${WEBHOOK_OLD_SECRETS_KEPT} old secrets, dropping the oldest first`, () => {
    let state = { secrets: created, secret: first };
    const issued = [first];
    for (let hour = 0; hour < 5; hour += 1) {
      state = rotate(state.secrets, at(hour));
      issued.push(state.secret);
    }
    const signing = signingSecretsOf({ secrets: state.secrets }, box, at(5));
    expect(signing).toEqual([...issued].reverse().slice(0, 1 + WEBHOOK_OLD_SECRETS_KEPT));
    expect(signing).not.toContain(first);
  });

  it('drops the secrets whose overlap ended before the rotation', () => {
    const second = rotate(created, at(0));
    const third = rotate(second.secrets, at(30));
    expect(third.secrets).toHaveLength(2);
    expect(signingSecretsOf({ secrets: third.secrets }, box, at(30))).toEqual([
      third.secret,
      second.secret,
    ]);
  });
});
