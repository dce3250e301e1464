import { recipientsOfFields } from '../recipients-of-fields';

const blank = { name: '', email: '' };

describe('recipientsOfFields', () => {
  it('has one signer when no field names anyone', () => {
    expect(recipientsOfFields([{ recipientId: null }])).toEqual([
      { id: 'signer-1', role: 'signer', ...blank },
    ]);
  });

  it('lists every signer up to the highest named, then the countersigner', () => {
    const fields = [{ recipientId: 'signer-3' }, { recipientId: 'firm' }, { recipientId: null }];
    expect(recipientsOfFields(fields).map((signer) => [signer.id, signer.role])).toEqual([
      ['signer-1', 'signer'],
      ['signer-2', 'signer'],
      ['signer-3', 'signer'],
      ['firm', 'countersigner'],
    ]);
  });

  it('makes up no more than 50 signers from a mistyped tag', () => {
    expect(recipientsOfFields([{ recipientId: 'signer-999' }])).toHaveLength(50);
  });

  it('reads the countersigner only by the id it is given', () => {
    expect(recipientsOfFields([{ recipientId: 'countersigner' }])).toHaveLength(1);
  });
});
