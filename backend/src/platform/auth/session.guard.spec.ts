import {
  Controller,
  ForbiddenException,
  Get,
  UnauthorizedException,
  type ExecutionContext,
} from '@nestjs/common';
import { Reflector } from '@nestjs/core';
import { FULL_ACCESS, NO_ACCESS, createAccessFlags } from '@prosign/domain';
import { loadConfig } from '../config/load-config';
import { ApiKeyScopes } from '../public-api/public-api.decorators';
import { AdminOnly, Public, RequireAccess } from './auth.decorators';
import { StaffSessionGuard } from './session.guard';
import type { SessionService, StaffSessionHandle } from './session.service';
import type { StaffAccessRecord, StaffDirectory } from './staff-directory';
import type { StaffRequest } from './staff-principal';
import { StaffSessions } from './staff-sessions';

const config = loadConfig({ MONGODB_URI: 'mongodb://127.0.0.1/x', REDIS_URL: 'redis://127.0.0.1' });
const SID = 'S'.repeat(43);

@RequireAccess('userAccessAccess')
@Controller()
class SampleController {
  @Get() guarded() {}
  @RequireAccess('tncAccess') @Get() terms() {}
  @Public() @Get() open() {}
  @AdminOnly() @Get() adminOnly() {}
  @RequireAccess('servicesAccess', 'homeAccess') @Get() serviceList() {}
}

@Controller()
class PlainController {
  @Get() sessionOnly() {}
}

function setup(user: StaffAccessRecord | null, session: Partial<StaffSessionHandle> | null = {}) {
  const sessions = {
    get: jest.fn(async (id: string) =>
      session && id === SID
        ? {
            id,
            email: 'jo@prosign.example',
            createdAt: '',
            expiresAt: '2099-01-01T00:00:00.000Z',
            ...session,
          }
        : null,
    ),
    destroy: jest.fn(async () => undefined),
  };
  const directory = { findByEmail: jest.fn(async () => user) };
  const guard = new StaffSessionGuard(
    new Reflector(),
    sessions as unknown as SessionService,
    new StaffSessions(
      sessions as unknown as SessionService,
      directory as unknown as StaffDirectory,
    ),
    config,
  );
  const response = { clearCookie: jest.fn() };
  const run = (controller: object, handler: string, cookie: string | null = SID) => {
    const request = { cookies: cookie ? { prosign_sid: cookie } : {} } as StaffRequest;
    const context = {
      getType: () => 'http',
      getHandler: () => (controller as Record<string, unknown>)[handler],
      getClass: () => controller.constructor,
      switchToHttp: () => ({ getRequest: () => request, getResponse: () => response }),
    } as unknown as ExecutionContext;
    return { result: guard.canActivate(context), request };
  };
  return { run, sessions, directory, response };
}

@Controller()
class KeyController {
  @ApiKeyScopes('agreements:read') @Get() keyRoute() {}
}

const sample = new SampleController();
const keyRoutes = new KeyController();
const plain = new PlainController();
const jo = (
  access = FULL_ACCESS,
  roles: StaffAccessRecord['roles'] = ['csm'],
): StaffAccessRecord => ({
  email: 'jo@prosign.example',
  roles,
  access,
});

describe('StaffSessionGuard (global, default deny)', () => {
  it('lets a @Public() route through without a session', async () => {
    const { run, sessions } = setup(null, null);
    await expect(run(sample, 'open', null).result).resolves.toBe(true);
    expect(sessions.get).not.toHaveBeenCalled();
  });

  it('refuses an unmarked route without a cookie (401)', async () => {
    const { run } = setup(jo());
    await expect(run(plain, 'sessionOnly', null).result).rejects.toThrow(
      new UnauthorizedException('Sign in to continue.'),
    );
  });

  it('refuses an unknown or expired session (401) and clears the cookie', async () => {
    const { run, response } = setup(jo(), null);
    await expect(run(plain, 'sessionOnly').result).rejects.toThrow(
      'Your session has expired. Please log in again.',
    );
    expect(response.clearCookie).toHaveBeenCalledWith(
      'prosign_sid',
      expect.objectContaining({ path: '/' }),
    );
  });

  it('ends the session of a user who is no longer listed', async () => {
    const { run, sessions } = setup(null);
    await expect(run(plain, 'sessionOnly').result).rejects.toThrow(
      'Access to the tool denied. Contact your administrator.',
    );
    expect(sessions.destroy).toHaveBeenCalledWith(SID);
  });

  it('puts the staff member on the request for a session-only route', async () => {
    const { run } = setup(jo(NO_ACCESS));
    const { result, request } = run(plain, 'sessionOnly');
    await expect(result).resolves.toBe(true);
    expect(request.staff).toMatchObject({
      email: 'jo@prosign.example',
      isAdmin: false,
      sessionId: SID,
    });
  });

  it('requires the controller’s flag, and a handler’s flag replaces it', async () => {
    const onlyTerms = setup(jo(createAccessFlags({ tncAccess: true })));
    await expect(onlyTerms.run(sample, 'guarded').result).rejects.toThrow(ForbiddenException);
    await expect(onlyTerms.run(sample, 'terms').result).resolves.toBe(true);

    const onlyUsers = setup(jo(createAccessFlags({ userAccessAccess: true })));
    await expect(onlyUsers.run(sample, 'guarded').result).resolves.toBe(true);
    await expect(onlyUsers.run(sample, 'terms').result).rejects.toThrow(
      'You do not have access to Terms (tncAccess). Ask an administrator for it.',
    );
  });

  it('lets any one of several flags through, and names them all when none is held', async () => {
    const home = setup(jo(createAccessFlags({ homeAccess: true })));
    await expect(home.run(sample, 'serviceList').result).resolves.toBe(true);
    const services = setup(jo(createAccessFlags({ servicesAccess: true })));
    await expect(services.run(sample, 'serviceList').result).resolves.toBe(true);
    const terms = setup(jo(createAccessFlags({ tncAccess: true })));
    await expect(terms.run(sample, 'serviceList').result).rejects.toThrow(
      'You do not have access to Services (servicesAccess) or Home (homeAccess). Ask an administrator for it.',
    );
  });

  it('requires the admin role for @AdminOnly()', async () => {
    await expect(setup(jo(FULL_ACCESS, ['csm'])).run(sample, 'adminOnly').result).rejects.toThrow(
      'Only administrators can do this.',
    );
    await expect(setup(jo(FULL_ACCESS, ['admin'])).run(sample, 'adminOnly').result).resolves.toBe(
      true,
    );
  });

  it('leaves an @ApiKeyScopes route to the key guard: no session is read, no staff member set', async () => {
    const { run, sessions } = setup(jo(FULL_ACCESS, ['admin']));
    const { result, request } = run(keyRoutes, 'keyRoute');
    await expect(result).resolves.toBe(true);
    expect(sessions.get).not.toHaveBeenCalled();
    expect(request.staff).toBeUndefined();
  });
});
