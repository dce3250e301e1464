import { REDACTED, redactQuery, redactUrl } from './redact-request';

describe('request log query values', () => {
  it('keeps the values of the harmless parameters, in their harmless shape', () => {
    const url = '/api/user/details?page=2&limit=10&search=Oak+Knoll&filters=viewed,signed';
    expect(redactUrl(url)).toBe(url);
    expect(redactUrl('/api/access/user?role=csm')).toBe('/api/access/user?role=csm');
    expect(redactUrl('/api/maps/suggest?query=618%20Oak%20Knoll%20Dr&limit=8')).toBe(
      '/api/maps/suggest?query=618%20Oak%20Knoll%20Dr&limit=8',
    );
  });

  it('redacts every other value: a read grant, link tokens, addresses, any parameter not listed', () => {
    expect(redactUrl('/api/documents/d/x/view?access=AbCdEf0123456789_-xyzQ')).toContain(
      `?access=${REDACTED}`,
    );
    expect(redactUrl('/api/crm/contact-by-email?email=elena%40example.com')).toBe(
      `/api/crm/contact-by-email?email=${REDACTED}`,
    );
    expect(redactUrl('/api/x?token=abc&docLink=def&newParam=ghi')).toBe(
      `/api/x?token=${REDACTED}&docLink=${REDACTED}&newParam=${REDACTED}`,
    );
  });

  it('redacts a listed parameter whose value is not of its harmless shape', () => {
    const key = 'Xy9_k2LmQ0pR7sT4uV1wZ3';
    for (const url of [
      `/api/user/details?search=${encodeURIComponent(`https://sign.example/${key}`)}`,
      `/api/user/details?search=${key}`,
      `/api/user/details?filters=viewed,${key}`,
      `/api/user/details?page=${key}`,
      `/api/mail/deliveries?status=${key}`,
      `/api/user/details?search=%E0%A4%A`,
    ]) {
      expect(redactUrl(url)).toMatch(/\?(search|filters|page|status)=\[redacted\]$/);
    }
    // A bare key as a parameter name is no name.
    expect(redactUrl(`/api/user/details?${key}`)).toBe(`/api/user/details?${REDACTED}`);
  });

  it('redacts the parsed query the same way', () => {
    expect(
      redactQuery({
        page: '2',
        filters: ['viewed', 'signed'],
        access: 'grant',
        search: ['a', 'b'],
      }),
    ).toEqual({ page: '2', filters: ['viewed', 'signed'], access: REDACTED, search: ['a', 'b'] });
    expect(redactQuery({ search: { nested: 'x' } })).toEqual({ search: REDACTED });
  });
});
