import { ForbiddenException, type ExecutionContext } from '@nestjs/common';
import { loadConfig } from '../config/load-config';
import { OriginGuard } from './origin.guard';

const config = loadConfig({
  MONGODB_URI: 'mongodb://127.0.0.1/x',
  REDIS_URL: 'redis://127.0.0.1',
  CORS_ORIGINS: 'http://localhost:8080,https://app.firm.com',
});

function contextFor(
  method: string,
  headers: Record<string, string>,
  path = '/api/access/user',
): ExecutionContext {
  const request = {
    method,
    path,
    headers: { host: 'api.firm.com', ...headers },
    protocol: 'https',
  };
  return {
    getType: () => 'http',
    switchToHttp: () => ({ getRequest: () => request }),
  } as unknown as ExecutionContext;
}

describe('OriginGuard', () => {
  const guard = new OriginGuard(config);

  it.each(['POST', 'PUT', 'PATCH', 'DELETE'])('refuses %s from another site', (method) => {
    expect(() => guard.canActivate(contextFor(method, { origin: 'https://evil.example' }))).toThrow(
      ForbiddenException,
    );
  });

  it('falls back to the Referer when there is no Origin', () => {
    expect(() =>
      guard.canActivate(contextFor('POST', { referer: 'https://evil.example/form' })),
    ).toThrow(ForbiddenException);
    expect(guard.canActivate(contextFor('POST', { referer: 'https://app.firm.com/users' }))).toBe(
      true,
    );
  });

  it('allows configured frontends and the API itself', () => {
    expect(guard.canActivate(contextFor('POST', { origin: 'http://localhost:8080' }))).toBe(true);
    expect(guard.canActivate(contextFor('DELETE', { origin: 'https://api.firm.com' }))).toBe(true);
  });

  it('does not confuse a look-alike origin or a different port', () => {
    expect(() =>
      guard.canActivate(contextFor('POST', { origin: 'https://app.firm.com.evil.example' })),
    ).toThrow(ForbiddenException);
    expect(() =>
      guard.canActivate(contextFor('POST', { origin: 'http://localhost:9999' })),
    ).toThrow(ForbiddenException);
    expect(() => guard.canActivate(contextFor('POST', { origin: 'null' }))).toThrow(
      ForbiddenException,
    );
  });

  it('lets reads through and requests that no browser page sent', () => {
    expect(guard.canActivate(contextFor('GET', { origin: 'https://evil.example' }))).toBe(true);
    expect(guard.canActivate(contextFor('POST', {}))).toBe(true);
  });

  it('lets a public api request with a key through from any site, and nothing else', () => {
    const key = { origin: 'https://portal.customer.example', authorization: 'Bearer psk_live_x_y' };
    expect(guard.canActivate(contextFor('POST', key, '/api/v1/agreements'))).toBe(true);
    expect(guard.canActivate(contextFor('DELETE', key, '/API/V1/agreements/1'))).toBe(true);
    // No key: a cookie would be all it carries.
    expect(() =>
      guard.canActivate(
        contextFor('POST', { origin: key.origin, authorization: 'Basic eDp5' }, '/api/v1/x'),
      ),
    ).toThrow(ForbiddenException);
    expect(() =>
      guard.canActivate(contextFor('POST', { origin: key.origin }, '/api/v1/agreements')),
    ).toThrow(ForbiddenException);
    // A key does not open the staff routes, nor a path that only looks like the public api.
    expect(() => guard.canActivate(contextFor('POST', key, '/api/access/user'))).toThrow(
      ForbiddenException,
    );
    expect(() => guard.canActivate(contextFor('POST', key, '/api/v1x/agreements'))).toThrow(
      ForbiddenException,
    );
  });
});
