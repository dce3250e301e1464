import type { INestApplication } from '@nestjs/common';
import { Redis } from 'ioredis';
import { io, type Socket } from 'socket.io-client';
import type {
  ClientToServerEvents,
  ServerToClientEvents,
} from '../src/platform/realtime/realtime-events';
import { startApi } from './support/test-apps';
import { createTestEnv } from './support/test-env';

describe('Socket.IO on the api', () => {
  const env = createTestEnv(__filename);
  let app: INestApplication;
  let url: string;
  let socket: Socket<ServerToClientEvents, ClientToServerEvents> | undefined;

  beforeAll(async () => {
    ({ app, url } = await startApi(env.config));
  });

  afterEach(() => {
    socket?.disconnect();
    socket = undefined;
  });

  afterAll(async () => {
    await app.close();
    await env.cleanup();
  });

  function connect(
    options: { origin?: string } = {},
  ): Socket<ServerToClientEvents, ClientToServerEvents> {
    socket = io(url, {
      path: '/socket.io',
      // Polling first (the default) also exercises the CORS handshake.
      transports: ['polling', 'websocket'],
      extraHeaders: options.origin ? { origin: options.origin } : undefined,
      reconnection: false,
    });
    return socket;
  }

  it('acknowledges a ping with a pong', async () => {
    const client = connect();
    const reply = await client.timeout(5000).emitWithAck('ping');

    expect(reply).toEqual({ pong: true, at: expect.any(String) });
    expect(Date.now() - Date.parse(reply.at)).toBeLessThan(60_000);
  });

  it('allows credentials from a configured frontend origin', async () => {
    const res = await fetch(`${url}/socket.io/?EIO=4&transport=polling`, {
      headers: { origin: 'http://localhost:8080' },
    });
    await res.text();
    expect(res.headers.get('access-control-allow-origin')).toBe('http://localhost:8080');
    expect(res.headers.get('access-control-allow-credentials')).toBe('true');
  });

  it('goes through the Redis adapter, under the configured key prefix', async () => {
    const client = connect();
    await client.timeout(5000).emitWithAck('ping');

    const redis = new Redis(env.config.REDIS_URL);
    try {
      const channels = await redis.pubsub('CHANNELS', `${env.prefix}:socket.io*`);
      expect(channels.length).toBeGreaterThan(0);
    } finally {
      await redis.quit();
    }
  });
});
