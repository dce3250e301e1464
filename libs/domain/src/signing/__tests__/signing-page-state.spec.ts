import {
  brandedAgreementTitle,
  checkDocLink,
  initialSigningPageState,
  signingPageTitle,
  signingStateMessage,
} from '../signing-page-state';

const LINK = 'https://api.example.com/api/documents/d/6650f0c2a1b2c3d4e5f60718/edit';

describe('checkDocLink', () => {
  it.each([[undefined], [null], [''], ['   ']])('%p is missing', (docLink) => {
    expect(checkDocLink(docLink)).toEqual({ kind: 'missing' });
  });

  it.each([
    ['https://example.com/document/abc'],
    ['https://example.com/d/abc'],
    ['https://example.com/d/a b/edit'],
    ['not a link'],
  ])('%s is malformed (no /d/{id}/)', (docLink) => {
    expect(checkDocLink(docLink)).toEqual({ kind: 'malformed' });
  });

  it('reads the document id out of a good link', () => {
    expect(checkDocLink(LINK)).toEqual({ kind: 'ok', docId: '6650f0c2a1b2c3d4e5f60718' });
  });
});

describe('signing page titles (spec 1 §2.4)', () => {
  it('a missing link asks for a new one, a malformed one says so, a good one is verified', () => {
    expect(signingPageTitle(initialSigningPageState(null), 'Acme')).toBe(
      'Invalid or expired link. Please request a new one.',
    );
    expect(signingPageTitle(initialSigningPageState('https://x/y'), 'Acme')).toBe(
      'Invalid document link.',
    );
    expect(signingPageTitle(initialSigningPageState(LINK), 'Acme')).toBe('Verifying...');
  });

  it('a valid link shows the agreement title carrying the brand', () => {
    expect(signingPageTitle({ kind: 'valid', agreementTitle: 'Survey Agreement' }, 'Acme')).toBe(
      'Survey Agreement — Acme',
    );
  });

  it('links that can no longer be signed have a short heading, and a sentence saying why', () => {
    expect(signingPageTitle({ kind: 'signed' }, 'Acme')).toBe('Agreement already signed');
    expect(signingPageTitle({ kind: 'voided' }, 'Acme')).toBe('Agreement voided');
    expect(signingPageTitle({ kind: 'cancelled' }, 'Acme')).toBe('Agreement cancelled');
    expect(signingPageTitle({ kind: 'expired' }, 'Acme')).toBe('Link expired');
    expect(signingPageTitle({ kind: 'invalid-token' }, 'Acme')).toBe('Link not recognised');
    expect(signingStateMessage({ kind: 'signed' })).toMatch(/already been signed/);
    expect(signingStateMessage({ kind: 'expired' })).toMatch(/request a new one/);
    expect(signingStateMessage({ kind: 'invalid-token' })).toMatch(/request a new one/);
    expect(signingStateMessage({ kind: 'checking' })).toBeNull();
  });

  it('a declined agreement’s links say so, short and plain', () => {
    expect(signingPageTitle({ kind: 'declined' }, 'Acme')).toBe('Agreement declined');
    expect(signingStateMessage({ kind: 'declined' })).toBe(
      'This agreement was declined. The sender has been told.',
    );
  });
});

describe('brandedAgreementTitle', () => {
  it('does not repeat a brand the title already names', () => {
    expect(brandedAgreementTitle('ACME Engineering Agreement', 'Acme')).toBe(
      'ACME Engineering Agreement',
    );
  });

  it('falls back to whichever part exists', () => {
    expect(brandedAgreementTitle('  ', 'Acme')).toBe('Acme');
    expect(brandedAgreementTitle('Agreement', ' ')).toBe('Agreement');
  });
});
