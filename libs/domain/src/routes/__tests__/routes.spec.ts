import {
  coSignaturePath,
  customerSigningPath,
  errorPagePath,
  isChangeOrderPath,
  sowSignaturePath,
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
