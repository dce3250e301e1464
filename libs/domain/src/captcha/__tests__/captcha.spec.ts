import {
  CAPTCHA_PASS_EXPIRY_MARGIN_MS,
  readStoredCaptchaPass,
  serializeCaptchaPass,
} from '../captcha';

const now = Date.parse('2025-06-01T12:00:00.000Z');
const inAnHour = '2025-06-01T13:00:00.000Z';

describe('stored captcha pass', () => {
  it('reads back a pass it stored while it is valid', () => {
    const stored = serializeCaptchaPass({ pass: 'abc.def', expiresAt: inAnHour });
    expect(readStoredCaptchaPass(stored, now)).toEqual({ pass: 'abc.def', expiresAt: inAnHour });
  });

  it('refuses a pass that has expired or is about to', () => {
    const expired = serializeCaptchaPass({ pass: 'p', expiresAt: '2025-06-01T11:59:59.000Z' });
    expect(readStoredCaptchaPass(expired, now)).toBeNull();
    const almost = new Date(now + CAPTCHA_PASS_EXPIRY_MARGIN_MS - 1).toISOString();
    expect(
      readStoredCaptchaPass(serializeCaptchaPass({ pass: 'p', expiresAt: almost }), now),
    ).toBeNull();
    const justEnough = new Date(now + CAPTCHA_PASS_EXPIRY_MARGIN_MS + 1_000).toISOString();
    expect(
      readStoredCaptchaPass(serializeCaptchaPass({ pass: 'p', expiresAt: justEnough }), now),
    ).not.toBeNull();
  });

  it.each([
    null,
    '',
    'true',
    'not json',
    '{"pass":"","expiresAt":"2025-06-01T13:00:00.000Z"}',
    '{"pass":"p"}',
    '{"pass":"p","expiresAt":"someday"}',
    '{"pass":42,"expiresAt":"2025-06-01T13:00:00.000Z"}',
  ])('ignores %p', (raw) => {
    expect(readStoredCaptchaPass(raw, now)).toBeNull();
  });
});
