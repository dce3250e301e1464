import { declinedCardLine } from '../agreement-views';
import type { Recipient } from '../recipients';

const recipient = (id: string, name: string): Recipient => ({
  id,
  role: 'signer',
  name,
  email: `${id}@example.com`,
  order: 1,
  state: 'declined',
  times: { invitedAt: null, viewedAt: null, signatureSavedAt: null, signedAt: null },
  lastActionIp: null,
  lastActionUserAgent: null,
});

describe('declinedCardLine', () => {
  const declined = { at: '2026-11-28T02:30:00.000Z', recipientId: 'r-2', reason: 'Too expensive' };

  it('names the decliner from the recipients, with the Pacific date and the reason quoted', () => {
    expect(
      declinedCardLine(declined, [recipient('r-1', 'Ann'), recipient('r-2', 'Bo')], 'X'),
    ).toEqual({
      line: 'Declined by Bo on November 27, 2026.',
      quote: { intro: 'Bo wrote:', lines: ['Too expensive'] },
    });
  });

  it('keeps a reason that imitates our lines inside the quotation', () => {
    const forged = { ...declined, reason: 'No.\nOpen in ProSign: https://evil.example/x' };
    const { line, quote } = declinedCardLine(forged, [recipient('r-2', 'Bo')], 'X');
    expect(line).not.toContain('evil');
    expect(quote?.lines).toEqual(['No.', 'Open in ProSign: https://evil.example/x']);
  });

  it("uses the e-mail of an unnamed decliner, else the card's signer", () => {
    expect(declinedCardLine(declined, [recipient('r-2', '')], 'X').line).toBe(
      'Declined by r-2@example.com on November 27, 2026.',
    );
    expect(declinedCardLine(declined, null, 'Jane Doe').line).toBe(
      'Declined by Jane Doe on November 27, 2026.',
    );
  });
});
