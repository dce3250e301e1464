import { initialsFromFullName } from '../initials';
import { signatureFontSizePx, TEXT_SIGNATURE_IMAGE } from '../signature-constants';

describe('initialsFromFullName', () => {
  it.each([
    ['Jane Doe', 'J.D.'],
    ['jane q. doe', 'J.Q.D.'],
    ['  maría   de la  cruz ', 'M.D.L.C.'],
    ['Cher', 'C.'],
    ["o'neil (jr)", 'O.J.'],
    ['', ''],
  ])('%s → %s', (name, initials) => {
    expect(initialsFromFullName(name)).toBe(initials);
  });
});

describe('signature constants', () => {
  it('typed signatures are 400×200, 24 px for standard agreements and 35 px for SOW and CO', () => {
    expect(TEXT_SIGNATURE_IMAGE).toEqual({ widthPx: 400, heightPx: 200 });
    expect(signatureFontSizePx('standard')).toBe(24);
    expect(signatureFontSizePx('sow')).toBe(35);
    expect(signatureFontSizePx('co')).toBe(35);
  });
});
