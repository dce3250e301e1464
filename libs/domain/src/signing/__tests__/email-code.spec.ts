import {
  EMAIL_CODE_MESSAGES,
  EMAIL_CODE_RULES,
  emailCodeLockedOf,
  emailCodeMailText,
  maskEmailAddress,
  minutesUntil,
  normalizeEmailCode,
  readStoredEmailCodeProof,
  serializeEmailCodeProof,
} from '../email-code';

describe('the e-mail one-time code', () => {
  it('has one set of rules: 6 digits, 10 minutes, 5 tries, 3 sends per 30 minutes, 10 wrong per signer', () => {
    expect(EMAIL_CODE_RULES).toEqual({
      length: 6,
      validMinutes: 10,
      maxTries: 5,
      maxSends: 3,
      sendWindowMinutes: 30,
      maxFailuresPerPlace: 10,
    });
  });

  it("bounds a guesser's chance over a signer's whole life below 1 in 10,000", () => {
    // Each wrong entry is a guess at a uniformly random code of 10^length values.
    const chance = EMAIL_CODE_RULES.maxFailuresPerPlace / 10 ** EMAIL_CODE_RULES.length;
    expect(chance).toBe(1e-5);
    expect(chance).toBeLessThan(1e-4);
  });

  it('names the signers whose code step is locked: those at the limit of wrong entries', () => {
    expect(emailCodeLockedOf(undefined)).toEqual([]);
    expect(emailCodeLockedOf({ 'signer-1': 9, 'signer-2': 10, 'signer-3': 0 })).toEqual([
      'signer-2',
    ]);
  });

  it('accepts exactly six digits, spaces ignored', () => {
    expect(normalizeEmailCode('123456')).toBe('123456');
    expect(normalizeEmailCode(' 123 456 ')).toBe('123456');
    for (const bad of ['12345', '1234567', '12345a', '', 123456, null]) {
      expect(normalizeEmailCode(bad)).toBeNull();
    }
  });

  it('masks the address and words the waits plainly', () => {
    expect(maskEmailAddress('jane@example.com')).toBe('j•••@example.com');
    expect(EMAIL_CODE_MESSAGES.sent('j•••@example.com')).toBe(
      'We sent a 6-digit code to j•••@example.com.',
    );
    expect(EMAIL_CODE_MESSAGES.sendLimit(1)).toBe(
      'You asked for too many codes. Please wait 1 minute before asking again.',
    );
    expect(EMAIL_CODE_MESSAGES.wrong(1)).toBe('That code is not right. 1 try left.');
    expect(minutesUntil(new Date(10 * 60_000 + 1), 0)).toBe(11);
    expect(minutesUntil(0, 5)).toBe(1);
  });

  it('puts the code in the mail body only', () => {
    const mail = emailCodeMailText('123456');
    expect(mail.subject).not.toContain('123456');
    expect(mail.text).toContain('Your ProSign code is 123456. It expires in 10 minutes.');
  });

  it('keeps a stored proof for its own link and captcha pass only, until it expires', () => {
    const proof = { proof: 'p', expiresAt: new Date(3_600_000).toISOString() };
    const raw = serializeEmailCodeProof(proof, 'link-1', 'pass-1');
    expect(readStoredEmailCodeProof(raw, 'link-1', 'pass-1', 0)).toEqual(proof);
    expect(readStoredEmailCodeProof(raw, 'link-2', 'pass-1', 0)).toBeNull();
    expect(readStoredEmailCodeProof(raw, 'link-1', 'pass-2', 0)).toBeNull();
    expect(readStoredEmailCodeProof(raw, 'link-1', 'pass-1', 3_600_000)).toBeNull();
    expect(readStoredEmailCodeProof('not json', 'link-1', 'pass-1', 0)).toBeNull();
  });
});
