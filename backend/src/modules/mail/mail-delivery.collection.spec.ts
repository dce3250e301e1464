import { loggableDeliveryId, messageIdFor, messageIdOf } from './mail-delivery.collection';

const TOKEN = 'x5CaoGrnlUR1UpY2c8uEtBSwOWq9iUDT';
const AGREEMENT_ID = '6b0932cd021666cfc3b952c5';

describe('mail delivery ids in headers and logs', () => {
  it('gives a Message-ID that spells out nothing of its key, the same for the same key', () => {
    const id = messageIdFor(`sow-review-link.${AGREEMENT_ID}`);
    expect(id).toMatch(/^<[0-9a-f]{32}@prosign\.mail>$/);
    expect(id).toBe(messageIdFor(`sow-review-link.${AGREEMENT_ID}`));
    expect(id).not.toBe(messageIdFor(`sow-cc-copy.${AGREEMENT_ID}`));
  });

  it('sends a delivery recorded with a readable Message-ID under an opaque one, the same each try', () => {
    const legacy = {
      _id: `co-cc-copy.${TOKEN}`,
      messageId: `<co-cc-copy.${TOKEN}.0123@prosign.mail>`,
    };
    expect(messageIdOf(legacy)).not.toContain(TOKEN);
    expect(messageIdOf(legacy)).toBe(messageIdOf({ ...legacy }));
    const current = { _id: 'x', messageId: messageIdFor('x') };
    expect(messageIdOf(current)).toBe(current.messageId);
    expect(messageIdOf({ _id: `signed-copy.${TOKEN}`, messageId: null })).not.toContain(TOKEN);
  });

  it('logs a legacy key without its token and a current key as it is', () => {
    expect(loggableDeliveryId(`signed-copy.${TOKEN}`)).toBe('signed-copy.[redacted]');
    expect(loggableDeliveryId(`contract-reminder.${TOKEN}.1764000000000`)).toBe(
      'contract-reminder.[redacted].1764000000000',
    );
    expect(loggableDeliveryId(`sow-review-link.${AGREEMENT_ID}`)).toBe(
      `sow-review-link.${AGREEMENT_ID}`,
    );
    expect(loggableDeliveryId(`invoice.${AGREEMENT_ID}.deposit.1`)).toBe(
      `invoice.${AGREEMENT_ID}.deposit.1`,
    );
  });
});
