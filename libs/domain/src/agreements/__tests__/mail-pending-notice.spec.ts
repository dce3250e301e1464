import { MAIL_PENDING_NOTICE_AFTER_MS, mailPendingNotice } from '../agreement-rules';
import type { AgreementMailPending } from '../agreement-views';

const now = new Date('2025-03-01T12:00:00.000Z');
const pendingSince = (ms: number, deliveryId = `d-${ms}`): AgreementMailPending => ({
  deliveryId,
  mail: 'signing-link',
  since: new Date(now.getTime() - ms).toISOString(),
  attempts: 0,
  lastError: null,
});

describe('mailPendingNotice', () => {
  it('says nothing of a mail being sent normally (under a minute)', () => {
    expect(MAIL_PENDING_NOTICE_AFTER_MS).toBe(60_000);
    expect(mailPendingNotice([pendingSince(0), pendingSince(59_999)], now)).toEqual([]);
    expect(mailPendingNotice([], now)).toEqual([]);
    expect(mailPendingNotice(undefined, now)).toEqual([]);
    expect(mailPendingNotice(null, now)).toEqual([]);
  });

  it('mentions the mails waiting a minute or more, oldest first', () => {
    const minute = pendingSince(60_000, 'minute');
    const old = pendingSince(20 * 60_000, 'old');
    expect(mailPendingNotice([pendingSince(5_000), minute, old], now)).toEqual([old, minute]);
  });

  it('ignores an entry without a readable time', () => {
    expect(mailPendingNotice([{ ...pendingSince(120_000), since: 'not a date' }], now)).toEqual([]);
  });
});
