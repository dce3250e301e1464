import { draftFromContract } from '../contract-send-input';

// Edit and Resend: the creation screen's "Require an e-mail code" starts from
// what the replaced contract asked of its signers, not from the family's default.
describe('draftFromContract', () => {
  const contract = { token: 'tok-1', full_name: 'Lena Lifecycle', email: 'lena@example.com' };

  it('keeps the replaced contract’s e-mail code choice, ticked or not', () => {
    expect(draftFromContract({ ...contract, requireEmailCode: true }).requireEmailCode).toBe(true);
    expect(draftFromContract({ ...contract, requireEmailCode: false }).requireEmailCode).toBe(
      false,
    );
  });

  it('leaves the family default where the record says nothing (an older server)', () => {
    expect(draftFromContract(contract).requireEmailCode).toBeNull();
  });
});
