import { agreementStateStyle, recipientSignature, signingProgress } from '../recipient-signatures';
import { newRecipient } from '../recipient-list';
import type { Recipient } from '../recipients';
import { singleSignerRecipients } from '../single-signer-recipients';

const SIGNED_AT = '2026-03-04T18:00:00.000Z';
const LATER = '2026-03-05T09:30:00.000Z';

function signer(id: string, signedAt: string | null, role: Recipient['role'] = 'signer') {
  const base = newRecipient({ role, name: id, email: `${id}@example.com`, order: 1 }, id);
  return signedAt
    ? { ...base, state: 'signed' as const, times: { ...base.times, signedAt } }
    : { ...base, state: 'invited' as const };
}

describe('recipient signatures: the one rule of who signed', () => {
  it('reads a signer as signed from the record, with their time; a cc never signs', () => {
    expect(recipientSignature(signer('maria', SIGNED_AT))).toMatchObject({
      signs: true,
      signed: true,
      signedAt: SIGNED_AT,
    });
    expect(recipientSignature(signer('luis', null))).toMatchObject({
      signed: false,
      signedAt: null,
    });
    const cc = { ...signer('copy', null, 'cc'), state: 'signed' as const };
    expect(recipientSignature(cc)).toMatchObject({ signs: false, signed: false, signedAt: null });
  });

  it('reads the one signer of an agreement from before recipients as signed once it is', () => {
    const [maria] = singleSignerRecipients({
      name: 'Maria',
      email: 'maria@example.com',
      status: 'signed',
      sentAt: '2026-03-01T10:00:00.000Z',
      viewedAt: null,
      signatureSavedAt: null,
      signedAt: SIGNED_AT,
    });
    expect(signingProgress([maria])).toEqual({
      signed: 1,
      total: 1,
      complete: true,
      completedAt: SIGNED_AT,
    });
  });

  it('counts signers and the countersigner, completes at the last signature', () => {
    const cc = signer('copy', null, 'cc');
    expect(signingProgress([signer('a', SIGNED_AT), signer('b', null), cc])).toEqual({
      signed: 1,
      total: 2,
      complete: false,
      completedAt: null,
    });
    expect(
      signingProgress([signer('a', LATER), signer('firm', SIGNED_AT, 'countersigner'), cc]),
    ).toEqual({ signed: 2, total: 2, complete: true, completedAt: LATER });
    expect(signingProgress([cc]).complete).toBe(false);
  });

  it('names an agreement partly signed while it waits for the rest, else by its status', () => {
    const half = [signer('a', SIGNED_AT), signer('b', null)];
    expect(agreementStateStyle('standard', 'signature_saved', half)).toEqual({
      label: 'Partly signed · 1 of 2',
      tone: 'progress',
      partlySigned: true,
    });
    expect(agreementStateStyle('sow', 'not-signed', half).label).toBe('Partly signed · 1 of 2');
    // Nothing in yet, all in, or closed: the status says it.
    expect(agreementStateStyle('standard', 'viewed', [signer('a', null)]).label).toBe('Viewed');
    expect(agreementStateStyle('co', 'signed', [signer('a', SIGNED_AT)]).label).toBe('Signed');
    expect(agreementStateStyle('standard', 'cancelled', half).label).toBe('Cancelled');
    expect(agreementStateStyle('standard', 'signature_saved', undefined).label).toBe(
      'Signature saved',
    );
  });
});
