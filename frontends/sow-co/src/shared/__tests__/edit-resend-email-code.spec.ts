import { STORAGE_KEYS } from '@prosign/domain';
import { loadCoResend, resendValues } from '../../co/utils/co-form-values';
import { loadResendDraft } from '../../sow/utils/sow-storage';
import { writeDraft } from '../draft-storage';

// Edit and Resend: /sow and /co start "Require an e-mail code" from what the
// replaced agreement asked of its signers (the dashboard stores the record it was given).
describe('Edit and Resend keeps the e-mail code choice', () => {
  afterEach(() => window.localStorage.clear());

  it.each([true, false])('a SOW stored with requireEmailCode %s opens with it', (required) => {
    writeDraft(STORAGE_KEYS.editAndResendSowContractData, {
      _id: 'sow-1',
      cp_name: 'Mei Lin',
      requireEmailCode: required,
    });
    expect(loadResendDraft()?.values.requireEmailCode).toBe(required);
  });

  it.each([true, false])(
    'a change order stored with requireEmailCode %s opens with it',
    (required) => {
      writeDraft(STORAGE_KEYS.editAndResendCoContractData, {
        _id: 'co-1',
        deal_id: 'deal-1',
        requireEmailCode: required,
      });
      const resend = loadCoResend();
      expect(resend).not.toBeNull();
      expect(resendValues(resend as NonNullable<typeof resend>).requireEmailCode).toBe(required);
    },
  );

  it('leaves the family default where the record says nothing', () => {
    writeDraft(STORAGE_KEYS.editAndResendSowContractData, { _id: 'sow-2' });
    expect(loadResendDraft()?.values.requireEmailCode).toBeNull();
  });
});
