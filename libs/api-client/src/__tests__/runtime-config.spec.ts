import { RuntimeConfigError, parseRuntimeConfig } from '../index';

const remotes = {
  contracts: 'http://localhost:8081/mf-manifest.json',
  sowCo: 'http://localhost:8082/mf-manifest.json',
  invoices: 'http://localhost:8083/mf-manifest.json',
  signing: 'http://localhost:8084/mf-manifest.json',
};

describe('parseRuntimeConfig', () => {
  it('accepts the document served at /runtime-config.json', () => {
    expect(parseRuntimeConfig({ apiUrl: 'https://api.example/', remotes })).toEqual({
      apiUrl: 'https://api.example',
      remotes,
    });
  });

  it('names what is missing', () => {
    expect(() => parseRuntimeConfig({ remotes })).toThrow(
      new RuntimeConfigError('The runtime configuration has no apiUrl.'),
    );
    expect(() =>
      parseRuntimeConfig({ apiUrl: 'x', remotes: { ...remotes, invoices: '' } }),
    ).toThrow(/invoices remote/);
  });
});
