import { messageIdFor, messageIdOf } from './mail-delivery.collection';

const AGREEMENT_ID = '6b0932cd021666cfc3b952c5';

describe('mail delivery ids in headers', () => {
  it('gives a Message-ID that spells out nothing of its key, the same for the same key', () => {
    const id = messageIdFor(`sow-review-link.${AGREEMENT_ID}`);
    expect(id).toMatch(/^<[0-9a-f]{32}@prosign\.mail>$/);
    expect(id).toBe(messageIdFor(`sow-review-link.${AGREEMENT_ID}`));
    expect(id).not.toBe(messageIdFor(`sow-cc-copy.${AGREEMENT_ID}`));
  });

  it('sends a delivery under the Message-ID recorded with it', () => {
    const recorded = { _id: `sow-review-link.${AGREEMENT_ID}`, messageId: messageIdFor('earlier') };
    expect(messageIdOf(recorded)).toBe(messageIdFor('earlier'));
    expect(messageIdOf({ ...recorded, messageId: null })).toBe(messageIdFor(recorded._id));
  });
});
