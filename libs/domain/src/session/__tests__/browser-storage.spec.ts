import {
  SESSION_STORAGE_KEYS,
  STORAGE_KEYS,
  isReturnablePath,
  storageKeysClearedByNavEntry,
  storageKeysClearedOnLeaving,
} from '../browser-storage';

describe('remembered-selection clearing (spec 1 §2.2, §4.4)', () => {
  it('leaving / clears the selected user card and the contract form', () => {
    expect(storageKeysClearedOnLeaving('/')).toEqual(['selectedUserCardData', 'contractFormData']);
  });

  it('leaving /sow clears the SOW resend data and the selected contact', () => {
    expect(storageKeysClearedOnLeaving('/sow')).toEqual([
      'editAndResendSowContractData',
      'selectedCpData',
    ]);
  });

  it('leaving /co clears the CO resend data and the selected signatory', () => {
    expect(storageKeysClearedOnLeaving('/co')).toEqual([
      'editAndResendCoContractData',
      'selectedSignatoryData',
    ]);
  });

  it('leaving other pages clears nothing', () => {
    expect(storageKeysClearedOnLeaving('/dashboard')).toEqual([]);
    expect(storageKeysClearedOnLeaving('/sow-dashboard')).toEqual([]);
  });

  it('choosing Home clears the signatory, choosing SOW Home the change-order selection', () => {
    expect(storageKeysClearedByNavEntry('/')).toEqual(['selectedSignatoryData']);
    expect(storageKeysClearedByNavEntry('/sow')).toEqual(['selectedClientData']);
    expect(storageKeysClearedByNavEntry('/terms')).toEqual([]);
  });

  it('ending the session clears session data and drafts but keeps the page to return to', () => {
    expect(SESSION_STORAGE_KEYS).toContain(STORAGE_KEYS.expirationTime);
    expect(SESSION_STORAGE_KEYS).toContain(STORAGE_KEYS.contractFormData);
    expect(SESSION_STORAGE_KEYS).not.toContain(STORAGE_KEYS.lastVisitedPage);
  });
});

describe('isReturnablePath', () => {
  it.each(['/', '/dashboard', '/sow?tab=2'])('remembers %s', (path) => {
    expect(isReturnablePath(path)).toBe(true);
  });

  it.each(['/portal', '/error', '//evil.example/x', 'https://evil.example', '/\\evil'])(
    'never returns to %s',
    (path) => {
      expect(isReturnablePath(path)).toBe(false);
    },
  );
});
