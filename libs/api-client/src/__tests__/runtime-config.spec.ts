import { DEFAULT_REVIEWS_URL, RuntimeConfigError, parseRuntimeConfig } from '../index';

const remotes = {
  contracts: 'http://localhost:8081/mf-manifest.json',
  sowCo: 'http://localhost:8082/mf-manifest.json',
  invoices: 'http://localhost:8083/mf-manifest.json',
  signing: 'http://localhost:8084/mf-manifest.json',
};

describe('parseRuntimeConfig', () => {
  it('accepts the document served at /runtime-config.json', () => {
    expect(
      parseRuntimeConfig({
        apiUrl: 'https://api.example/',
        remotes,
        maps: { adapter: 'google', apiKey: 'maps-key' },
        captcha: { adapter: 'recaptcha', siteKey: 'site-key' },
      }),
    ).toEqual({
      apiUrl: 'https://api.example',
      remotes,
      maps: { adapter: 'google', apiKey: 'maps-key' },
      captcha: { adapter: 'recaptcha', siteKey: 'site-key' },
      reviewsUrl: DEFAULT_REVIEWS_URL,
    });
  });

  it('takes the customer-reviews page from the document', () => {
    const config = parseRuntimeConfig({
      apiUrl: 'x',
      remotes,
      reviewsUrl: ' https://reviews.example/firm ',
    });
    expect(config.reviewsUrl).toBe('https://reviews.example/firm');
  });

  it('names what is missing', () => {
    expect(() => parseRuntimeConfig({ remotes })).toThrow(
      new RuntimeConfigError('The runtime configuration has no apiUrl.'),
    );
    expect(() =>
      parseRuntimeConfig({ apiUrl: 'x', remotes: { ...remotes, invoices: '' } }),
    ).toThrow(/invoices remote/);
  });

  it('falls back to the local maps and captcha when a document has no such sections', () => {
    const config = parseRuntimeConfig({ apiUrl: 'http://api', remotes });
    expect(config.maps).toEqual({ adapter: 'local' });
    expect(config.captcha).toEqual({ adapter: 'local' });
  });

  it('keeps keys only for the adapter that uses them', () => {
    const config = parseRuntimeConfig({
      apiUrl: 'http://api',
      remotes,
      maps: { adapter: 'local', apiKey: 'ignored' },
      captcha: { adapter: 'local', siteKey: 'ignored' },
    });
    expect(config.maps).toEqual({ adapter: 'local' });
    expect(config.captcha).toEqual({ adapter: 'local' });
    expect(
      parseRuntimeConfig({ apiUrl: 'x', remotes, maps: { adapter: 'google', apiKey: '  ' } }).maps,
    ).toEqual({ adapter: 'google' });
  });

  it('refuses an adapter it does not know', () => {
    expect(() => parseRuntimeConfig({ apiUrl: 'x', remotes, maps: { adapter: 'bing' } })).toThrow(
      "The runtime configuration's maps.adapter must be one of: local, google.",
    );
    expect(() =>
      parseRuntimeConfig({ apiUrl: 'x', remotes, captcha: { adapter: 'hcaptcha' } }),
    ).toThrow(/captcha\.adapter must be one of: local, recaptcha/);
  });
});
