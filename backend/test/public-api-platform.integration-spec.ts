import {
  BadRequestException,
  Body,
  Controller,
  Get,
  type INestApplication,
  Module,
  Post,
  Res,
} from '@nestjs/common';
import { getConnectionToken } from '@nestjs/mongoose';
import type { Response as ExpressResponse } from 'express';
import type { Connection } from 'mongoose';
import request from 'supertest';
import { PROBLEM_TYPES } from '../src/platform/public-api/problem-types';
import { ApiKeyScopes } from '../src/platform/public-api/public-api.decorators';
import { issueApiKey, type TestApiKey, withApiKey } from './support/api-keys';
import { startApi } from './support/test-apps';
import { createTestEnv } from './support/test-env';
import { waitFor } from './support/wait-for';

/** What the probe's handler did: how often it ran, and a gate a test holds it at. */
const probe = {
  runs: 0,
  gate: null as Promise<void> | null,
};

/** Throwaway public-api routes: a write that counts its runs, a bug, a refused body. */
@Controller('v1/platform-probe')
class PlatformProbeController {
  @ApiKeyScopes('agreements:write')
  @Post('orders')
  async create(
    @Body() body: { item?: string; fail?: boolean },
    @Res({ passthrough: true }) response: ExpressResponse,
  ) {
    probe.runs += 1;
    const run = probe.runs;
    if (probe.gate) await probe.gate;
    if (body.fail) throw new Error('the order service is down');
    response.setHeader('Location', `/api/v1/platform-probe/orders/${run}`);
    return { order: run, item: body.item ?? null };
  }

  @ApiKeyScopes('agreements:write')
  @Post('refused')
  refused(): never {
    throw new BadRequestException({
      message: 'The order is not valid.',
      errors: [{ path: 'items.0.quantity', message: 'Expected a positive number' }],
    });
  }

  @ApiKeyScopes('agreements:read')
  @Get('bug')
  bug(): never {
    throw new TypeError("Cannot read properties of undefined (reading 'secretHash')");
  }

  @ApiKeyScopes('agreements:read')
  @Get('ping')
  ping() {
    return { pong: true };
  }
}

@Module({ controllers: [PlatformProbeController] })
class PlatformProbeModule {}

const isProblem = (res: request.Response) =>
  String(res.headers['content-type']).startsWith('application/problem+json');

describe('public api errors: application/problem+json', () => {
  const env = createTestEnv(__filename);
  let api: INestApplication;
  let key: TestApiKey;

  beforeAll(async () => {
    ({ app: api } = await startApi(env.config, { testModules: [PlatformProbeModule] }));
    key = await issueApiKey(api, ['agreements:read', 'agreements:write']);
  });

  afterAll(async () => {
    await api?.close();
    await env.cleanup();
  });

  it('answers a missing key with a 401 problem and WWW-Authenticate: Bearer', async () => {
    const res = await request(api.getHttpServer()).get('/api/v1/platform-probe/ping').expect(401);
    expect(isProblem(res)).toBe(true);
    expect(res.headers['www-authenticate']).toMatch(/^Bearer /);
    expect(res.body).toEqual({
      type: 'about:blank',
      title: 'Unauthorized',
      status: 401,
      detail: expect.stringContaining('Authorization') as unknown,
      instance: '/api/v1/platform-probe/ping',
    });
  });

  it('answers a missing scope with a 403 problem of its own type', async () => {
    const reader = await issueApiKey(api, ['agreements:read']);
    const res = await withApiKey(api, reader.key).post('/api/v1/platform-probe/orders').send({});
    expect(res.status).toBe(403);
    expect(isProblem(res)).toBe(true);
    expect(res.body).toMatchObject({
      type: PROBLEM_TYPES.insufficientScope,
      detail: 'This API key lacks the scope agreements:write.',
    });
  });

  it('answers an unknown path, a refused body, a malformed body and a bug as problems', async () => {
    const missing = await withApiKey(api, key.key).get('/api/v1/no-such-thing').expect(404);
    expect(isProblem(missing)).toBe(true);
    expect(missing.body).toMatchObject({ status: 404, instance: '/api/v1/no-such-thing' });

    const refused = await withApiKey(api, key.key)
      .post('/api/v1/platform-probe/refused')
      .send({})
      .expect(400);
    expect(refused.body).toEqual({
      type: PROBLEM_TYPES.validation,
      title: 'The request is not valid',
      status: 400,
      detail: 'The order is not valid.',
      instance: '/api/v1/platform-probe/refused',
      errors: [{ path: 'items.0.quantity', message: 'Expected a positive number' }],
    });

    const malformed = await withApiKey(api, key.key)
      .post('/api/v1/platform-probe/orders')
      .set('content-type', 'application/json')
      .send('{"item": ')
      .expect(400);
    expect(isProblem(malformed)).toBe(true);

    const bug = await withApiKey(api, key.key).get('/api/v1/platform-probe/bug').expect(500);
    expect(isProblem(bug)).toBe(true);
    expect(bug.body).toEqual({
      type: 'about:blank',
      title: 'Internal Server Error',
      status: 500,
      detail: 'Something went wrong on our side; it has been logged.',
      instance: '/api/v1/platform-probe/bug',
    });
    expect(JSON.stringify(bug.body)).not.toMatch(/secretHash|TypeError|\bat /);
  });
});

describe('public api rate limit: per key, shared by every api replica', () => {
  const env = createTestEnv(__filename, { API_RATE_LIMIT_PER_MINUTE: '5' });
  let first: INestApplication;
  let second: INestApplication;

  beforeAll(async () => {
    ({ app: first } = await startApi(env.config, { testModules: [PlatformProbeModule] }));
    ({ app: second } = await startApi(env.config, { testModules: [PlatformProbeModule] }));
  });

  afterAll(async () => {
    await first?.close();
    await second?.close();
    await env.cleanup();
  });

  it('lets a key make its limit of requests across two replicas, then answers 429 with Retry-After', async () => {
    const key = await issueApiKey(first, ['agreements:read']);
    const remaining: string[] = [];
    for (const app of [first, first, first, second, second]) {
      const res = await withApiKey(app, key.key).get('/api/v1/platform-probe/ping').expect(200);
      expect(res.headers['ratelimit-limit']).toBe('5');
      remaining.push(String(res.headers['ratelimit-remaining']));
    }
    expect(remaining).toEqual(['4', '3', '2', '1', '0']);

    const refused = await withApiKey(second, key.key).get('/api/v1/platform-probe/ping');
    expect(refused.status).toBe(429);
    expect(isProblem(refused)).toBe(true);
    const retryAfter = Number(refused.headers['retry-after']);
    // One request's share of the minute (12 s) before the next may go.
    expect(retryAfter).toBeGreaterThanOrEqual(1);
    expect(retryAfter).toBeLessThanOrEqual(12);
    expect(refused.headers['ratelimit-remaining']).toBe('0');
    expect(Number(refused.headers['ratelimit-reset'])).toBeGreaterThan(0);
    await withApiKey(first, key.key).get('/api/v1/platform-probe/ping').expect(429);

    // Another key has its own limit.
    const other = await issueApiKey(first, ['agreements:read']);
    await withApiKey(second, other.key).get('/api/v1/platform-probe/ping').expect(200);
  });
});

describe('Idempotency-Key on public api POSTs', () => {
  const env = createTestEnv(__filename, { API_RATE_LIMIT_PER_MINUTE: '100000' });
  let api: INestApplication;
  let key: TestApiKey;
  const records = () =>
    api.get<Connection>(getConnectionToken(), { strict: false }).collection('idempotency_records');
  const order = (body: object, idempotencyKey?: string, apiKey = key) => {
    const req = withApiKey(api, apiKey.key).post('/api/v1/platform-probe/orders');
    return (idempotencyKey ? req.set('Idempotency-Key', idempotencyKey) : req).send(body);
  };

  beforeAll(async () => {
    ({ app: api } = await startApi(env.config, { testModules: [PlatformProbeModule] }));
    key = await issueApiKey(api, ['agreements:write']);
  });

  beforeEach(() => {
    probe.runs = 0;
    probe.gate = null;
  });

  afterAll(async () => {
    await api?.close();
    await env.cleanup();
  });

  it('answers a retry with the first answer without running the handler again', async () => {
    const firstAnswer = await order({ item: 'roof', size: 3 }, 'order-1').expect(201);
    expect(firstAnswer.body).toEqual({ order: 1, item: 'roof' });
    expect(firstAnswer.headers['idempotent-replayed']).toBeUndefined();

    // The same body with its fields in another order is the same request.
    const retry = await order({ size: 3, item: 'roof' }, 'order-1').expect(201);
    expect(retry.body).toEqual({ order: 1, item: 'roof' });
    expect(retry.headers.location).toBe('/api/v1/platform-probe/orders/1');
    expect(retry.headers['idempotent-replayed']).toBe('true');
    expect(probe.runs).toBe(1);

    const [stored] = await records().find({}).toArray();
    const kept = (stored.expiresAt as Date).getTime() - (stored.createdAt as Date).getTime();
    expect(kept).toBe(24 * 3_600_000);
  });

  it('refuses the same key with another body (422) and runs a new key or no key every time', async () => {
    await order({ item: 'gutter' }, 'order-2').expect(201);
    const reused = await order({ item: 'window' }, 'order-2').expect(422);
    expect(isProblem(reused)).toBe(true);
    expect(reused.body).toMatchObject({ type: PROBLEM_TYPES.idempotencyKeyReused });

    await order({ item: 'gutter' }, 'order-3').expect(201);
    await order({ item: 'gutter' }).expect(201);
    await order({ item: 'gutter' }).expect(201);
    expect(probe.runs).toBe(4);
  });

  it("keeps each API key's Idempotency-Keys apart", async () => {
    const otherKey = await issueApiKey(api, ['agreements:write']);
    await order({ item: 'door' }, 'shared-name').expect(201);
    const other = await order({ item: 'door' }, 'shared-name', otherKey).expect(201);
    expect(other.headers['idempotent-replayed']).toBeUndefined();
    expect(probe.runs).toBe(2);
  });

  it('answers 409 to a retry while the first request still runs, and the first answer once it has', async () => {
    let open!: () => void;
    probe.gate = new Promise<void>((resolve) => (open = resolve));
    const running = order({ item: 'deck' }, 'order-4').then((res) => res);
    await waitFor(
      async () => probe.runs,
      (runs) => runs === 1,
      { timeoutMs: 10_000, intervalMs: 10 },
    );
    const meanwhile = await order({ item: 'deck' }, 'order-4').expect(409);
    expect(isProblem(meanwhile)).toBe(true);
    expect(meanwhile.body).toMatchObject({ type: PROBLEM_TYPES.idempotentRequestInProgress });
    open();
    expect((await running).status).toBe(201);
    const after = await order({ item: 'deck' }, 'order-4').expect(201);
    expect(after.body).toEqual({ order: 1, item: 'deck' });
    expect(probe.runs).toBe(1);
  });

  it('runs a retry again when the first request failed (nothing was kept)', async () => {
    await order({ item: 'chimney', fail: true }, 'order-5').expect(500);
    probe.gate = null;
    await order({ item: 'chimney', fail: true }, 'order-5').expect(500);
    expect(probe.runs).toBe(2);
  });

  it('runs a request again once its answer is older than 24 hours', async () => {
    await order({ item: 'porch' }, 'order-6').expect(201);
    await records().updateMany({}, { $set: { expiresAt: new Date(Date.now() - 1000) } });
    const again = await order({ item: 'porch' }, 'order-6').expect(201);
    expect(again.body).toEqual({ order: 2, item: 'porch' });
  });

  it('refuses a key that is too long or not visible ASCII with 400, and runs nothing', async () => {
    const tooLong = await order({ item: 'shed' }, 'k'.repeat(256)).expect(400);
    expect(isProblem(tooLong)).toBe(true);
    expect(tooLong.body).toMatchObject({ type: PROBLEM_TYPES.invalidIdempotencyKey });
    await order({ item: 'shed' }, 'two words').expect(400);
    expect(probe.runs).toBe(0);
    // The IETF draft's quoted form names the same key as the bare one.
    await order({ item: 'shed' }, '"order-7"').expect(201);
    const bare = await order({ item: 'shed' }, 'order-7').expect(201);
    expect(bare.headers['idempotent-replayed']).toBe('true');
    expect(probe.runs).toBe(1);
  });
});
