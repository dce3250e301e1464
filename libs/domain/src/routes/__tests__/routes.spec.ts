import { registerFamily, unregisterFamily } from '../../families/families';
import { SOW_FAMILY_DEFINITION } from '../../families/sow.family';
import {
  coSignaturePath,
  linkSigningAddressOf,
  linkSigningFamilies,
  linkSigningRoute,
  sowSignaturePath,
} from '../link-signing-routes';
import {
  customerSigningPath,
  documentDraftPath,
  errorPagePath,
  isChangeOrderPath,
  verifyPath,
} from '../routes';

describe('route builders', () => {
  it('builds the public signing links', () => {
    expect(
      customerSigningPath('abc', { docLink: 'https://docs.example/d/1/edit', prefix: 'SA' }),
    ).toBe('/abc?docLink=https%3A%2F%2Fdocs.example%2Fd%2F1%2Fedit&prefix=SA');
    expect(customerSigningPath('abc')).toBe('/abc');
    expect(verifyPath('t 1')).toBe('/verify/t%201');
    expect(sowSignaturePath('SOW-7')).toBe('/sow-signature/SOW-7');
    expect(coSignaturePath('CO-7')).toBe('/co-signature/CO-7');
  });

  it('builds the link that reopens a document draft in the builder', () => {
    expect(documentDraftPath('65f0a1')).toBe('/documents/new?draft=65f0a1');
  });

  it('builds the error page link', () => {
    expect(errorPagePath({ status: 404, message: 'Not found' })).toBe(
      '/error?status=404&message=Not%20found',
    );
    expect(errorPagePath()).toBe('/error');
  });

  it('recognises the change-order screen', () => {
    expect(isChangeOrderPath('/co')).toBe(true);
    expect(isChangeOrderPath('/co/x')).toBe(true);
    expect(isChangeOrderPath('/co-signature/x')).toBe(false);
    expect(isChangeOrderPath('/')).toBe(false);
  });
});

describe('link-signing routes', () => {
  beforeAll(() =>
    registerFamily({
      ...SOW_FAMILY_DEFINITION,
      id: 'lease',
      apiPrefix: 'lease',
      signing: { ...SOW_FAMILY_DEFINITION.signing, segment: 'lease-signature' },
    }),
  );
  afterAll(() => unregisterFamily('lease'));

  it('mounts a page for every link-signed family, a registered one too', () => {
    expect(linkSigningFamilies().map(linkSigningRoute)).toEqual([
      '/sow-signature/:customId',
      '/co-signature/:customId',
      '/document-signature/:customId',
      '/lease-signature/:customId',
    ]);
  });

  it('reads the family and customId back from an address', () => {
    expect(linkSigningAddressOf('/co-signature/CO-1')).toEqual({ family: 'co', customId: 'CO-1' });
    expect(linkSigningAddressOf('/lease-signature/a%20b/')).toEqual({
      family: 'lease',
      customId: 'a b',
    });
    for (const path of ['/tok-1', '/verify/abc', '/sow-signature/a/b', '/co-signature/%E0%A4%A']) {
      expect(linkSigningAddressOf(path)).toBeNull();
    }
  });
});
