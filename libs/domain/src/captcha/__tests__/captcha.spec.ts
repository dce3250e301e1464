import {
  CAPTCHA_PASS_EXPIRY_MARGIN_MS,
  readStoredCaptchaPass,
  serializeCaptchaPass,
} from '../captcha';

const now = Date.parse('2025-06-01T12:00:00.000Z');
const inAnHour = '2025-06-01T13:00:00.000Z';
const LINK = 'link-token-1';

describe('stored captcha pass', () => {
  it('reads back a pass it stored while it is valid', () => {
    const stored = serializeCaptchaPass({ pass: 'abc.def', expiresAt: inAnHour }, LINK);
    expect(readStoredCaptchaPass(stored, LINK, now)).toEqual({
      pass: 'abc.def',
      expiresAt: inAnHour,
    });
  });

  it('gives a pass only to the link it was issued for', () => {
    const stored = serializeCaptchaPass({ pass: 'abc.def', expiresAt: inAnHour }, LINK);
    expect(readStoredCaptchaPass(stored, 'another-link', now)).toBeNull();
    // A pass stored before passes were bound to a link opens none.
    const unbound = JSON.stringify({ pass: 'abc.def', expiresAt: inAnHour });
    expect(readStoredCaptchaPass(unbound, LINK, now)).toBeNull();
  });

  it('refuses a pass that has expired or is about to', () => {
    const expired = serializeCaptchaPass(
      { pass: 'p', expiresAt: '2025-06-01T11:59:59.000Z' },
      LINK,
    );
    expect(readStoredCaptchaPass(expired, LINK, now)).toBeNull();
    const almost = new Date(now + CAPTCHA_PASS_EXPIRY_MARGIN_MS - 1).toISOString();
    expect(
      readStoredCaptchaPass(
        serializeCaptchaPass({ pass: 'p', expiresAt: almost }, LINK),
        LINK,
        now,
      ),
    ).toBeNull();
    const justEnough = new Date(now + CAPTCHA_PASS_EXPIRY_MARGIN_MS + 1_000).toISOString();
    expect(
      readStoredCaptchaPass(
        serializeCaptchaPass({ pass: 'p', expiresAt: justEnough }, LINK),
        LINK,
        now,
      ),
    ).not.toBeNull();
  });

  it.each([
    null,
    '',
    'true',
    'not json',
    '{"pass":"","expiresAt":"2025-06-01T13:00:00.000Z","linkToken":"link-token-1"}',
    '{"pass":"p","linkToken":"link-token-1"}',
    '{"pass":"p","expiresAt":"someday","linkToken":"link-token-1"}',
    '{"pass":42,"expiresAt":"2025-06-01T13:00:00.000Z","linkToken":"link-token-1"}',
  ])('ignores %p', (raw) => {
    expect(readStoredCaptchaPass(raw, LINK, now)).toBeNull();
  });
});
