import {
  checkDeclineReason,
  DECLINE_REASON_MAX,
  declineReasonCount,
  SIGNER_LINK_STATES,
  SIGNER_MESSAGES,
  signerLinkStateOf,
} from '../signer-api';

describe('declining', () => {
  it('closes the link of a declined agreement with its own state', () => {
    expect(SIGNER_LINK_STATES).toContain('declined');
    expect(signerLinkStateOf('declined')).toBe('declined');
    expect(SIGNER_MESSAGES.declined).toBe('This agreement was declined. The sender has been told.');
  });

  it('keeps the reason trimmed', () => {
    expect(checkDeclineReason('  The fee is wrong.  ')).toEqual({
      ok: true,
      reason: 'The fee is wrong.',
    });
  });

  it('refuses a missing, blank or non-text reason', () => {
    for (const raw of [undefined, null, '', '   \n\t', 42, { reason: 'x' }]) {
      expect(checkDeclineReason(raw)).toEqual({
        ok: false,
        message: SIGNER_MESSAGES.declineReasonRequired,
      });
    }
  });

  it('accepts 1 to 1,000 characters (after trimming), and no more', () => {
    expect(DECLINE_REASON_MAX).toBe(1000);
    expect(checkDeclineReason('x')).toEqual({ ok: true, reason: 'x' });
    expect(checkDeclineReason(` ${'x'.repeat(1000)} `)).toEqual({
      ok: true,
      reason: 'x'.repeat(1000),
    });
    expect(checkDeclineReason('x'.repeat(1001))).toEqual({
      ok: false,
      message: SIGNER_MESSAGES.declineReasonTooLong,
    });
    expect(SIGNER_MESSAGES.declineReasonTooLong).toMatch(/1,000 characters/);
    // Characters, not UTF-16 units: 1,000 emoji are still 1,000 characters.
    expect(checkDeclineReason('😀'.repeat(1000)).ok).toBe(true);
  });
});

describe('declineReasonCount', () => {
  it('counts the reason as checkDeclineReason does: trimmed, by character', () => {
    expect(declineReasonCount('')).toBe('0 / 1,000 characters');
    expect(declineReasonCount('  Too expensive  ')).toBe('13 / 1,000 characters');
    expect(declineReasonCount('é'.repeat(1001))).toBe('1,001 / 1,000 characters');
    expect(declineReasonCount('👍')).toBe('1 / 1,000 characters');
  });
});
