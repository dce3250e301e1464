import {
  type INestApplication,
  Injectable,
  Module,
  type PipeTransform,
  UsePipes,
} from '@nestjs/common';
import { NestFactory } from '@nestjs/core';
import { IoAdapter } from '@nestjs/platform-socket.io';
import {
  Ack,
  MessageBody,
  SubscribeMessage,
  WebSocketGateway,
  WebSocketServer,
  WsException,
} from '@nestjs/websockets';
import type { AddressInfo } from 'node:net';
import { setTimeout as sleep } from 'node:timers/promises';
import { from } from 'rxjs';
import type { Server } from 'socket.io';
import { io, type Socket as ClientSocket } from 'socket.io-client';
import type { AppConfig } from '../config/app-config';
import { RedisIoAdapter } from './redis-io.adapter';

@Injectable()
class ShoutPipe implements PipeTransform {
  transform(value: unknown): unknown {
    if (typeof value !== 'string') throw new WsException('a string, please');
    return value.toUpperCase();
  }
}

@WebSocketGateway()
class ProbeGateway {
  @WebSocketServer() server!: Server;

  @SubscribeMessage('echo')
  echo(@MessageBody() body: unknown): unknown {
    return body;
  }

  @SubscribeMessage('later')
  async later(@MessageBody() body: unknown): Promise<unknown> {
    await sleep(5);
    return { later: body };
  }

  @SubscribeMessage('as-event')
  asEvent(@MessageBody() body: unknown): unknown {
    return { event: 'evented', data: body };
  }

  @SubscribeMessage('stream')
  stream(): unknown {
    return from([
      { event: 'streamed', data: 1 },
      { event: 'streamed', data: 2 },
    ]);
  }

  @SubscribeMessage('nothing')
  nothing(): undefined {
    return undefined;
  }

  @SubscribeMessage('refuse')
  refuse(): never {
    throw new WsException('refused');
  }

  @SubscribeMessage('shout')
  @UsePipes(ShoutPipe)
  shout(@MessageBody() body: string): string {
    return body;
  }

  @SubscribeMessage('manual')
  manual(@MessageBody() body: unknown, @Ack() ack: (reply: unknown) => void): string {
    ack({ manual: body });
    return 'not an acknowledgement';
  }
}

@Module({ providers: [ProbeGateway] })
class ProbeModule {}

const config = {
  CORS_ORIGINS: [],
  PUBLIC_SHELL_URL: 'http://localhost:8080',
  PUBLIC_SIGNING_URL: 'http://localhost:8084',
} as unknown as AppConfig;

// Nest's own IoAdapter is the reference: the client must not tell the two apart.
describe.each([
  ['Nest IoAdapter', (app: INestApplication) => new IoAdapter(app)],
  ['RedisIoAdapter', (app: INestApplication) => new RedisIoAdapter(app, config)],
])('gateway messages through %s', (_name, createAdapter) => {
  let app: INestApplication;
  let url: string;
  let client: ClientSocket;

  beforeAll(async () => {
    app = await NestFactory.create(ProbeModule, { logger: false });
    app.useWebSocketAdapter(createAdapter(app));
    await app.listen(0, '127.0.0.1');
    url = `http://127.0.0.1:${(app.getHttpServer().address() as AddressInfo).port}`;
  });

  beforeEach(async () => {
    client = io(url, { transports: ['websocket'], reconnection: false });
    await new Promise((resolve) => client.once('connect', () => resolve(undefined)));
  });

  afterEach(() => client.disconnect());

  afterAll(async () => {
    await app.close();
  });

  function nextEvent(event: string): Promise<unknown> {
    return new Promise((resolve, reject) => {
      const timer = setTimeout(() => reject(new Error(`no ${event} event`)), 10_000);
      client.once(event, (value: unknown) => {
        clearTimeout(timer);
        resolve(value);
      });
    });
  }

  it('acknowledges with the returned value, one argument or several', async () => {
    await expect(client.timeout(10_000).emitWithAck('echo', { a: 1 })).resolves.toEqual({ a: 1 });
    await expect(client.timeout(10_000).emitWithAck('echo', 1, 2)).resolves.toEqual([1, 2]);
  });

  it('acknowledges with the value of a returned Promise', async () => {
    await expect(client.timeout(10_000).emitWithAck('later', 'x')).resolves.toEqual({ later: 'x' });
  });

  it('emits an {event, data} reply as that event instead of acknowledging', async () => {
    const evented = nextEvent('evented');
    client.emit('as-event', 'hello');
    await expect(evented).resolves.toBe('hello');
  });

  it('emits every value of a returned Observable', async () => {
    // Waits for the second value rather than a fixed time: under load 200 ms was not enough.
    const values: unknown[] = [];
    const both = new Promise<void>((resolve, reject) => {
      const timer = setTimeout(() => reject(new Error(`only ${values.length} streamed`)), 10_000);
      client.on('streamed', (value: unknown) => {
        values.push(value);
        if (values.length === 2) {
          clearTimeout(timer);
          resolve();
        }
      });
    });
    client.emit('stream');
    await both;
    expect(values).toEqual([1, 2]);
  });

  it('does not acknowledge when the handler returns nothing', async () => {
    await expect(client.timeout(300).emitWithAck('nothing')).rejects.toThrow(/timed out/);
  });

  it('runs pipes and reports a WsException as an exception event', async () => {
    await expect(client.timeout(10_000).emitWithAck('shout', 'hi')).resolves.toBe('HI');

    const exception = nextEvent('exception');
    client.emit('shout', 42);
    await expect(exception).resolves.toEqual({
      status: 'error',
      message: 'a string, please',
      cause: { pattern: 'shout', data: 42 },
    });

    const refused = nextEvent('exception');
    client.emit('refuse', 'why');
    await expect(refused).resolves.toMatchObject({ status: 'error', message: 'refused' });
  });

  it('leaves the acknowledgement to a handler that takes it', async () => {
    await expect(client.timeout(10_000).emitWithAck('manual', 'm')).resolves.toEqual({
      manual: 'm',
    });
  });

  it('keeps nothing on the socket for messages already answered', async () => {
    const [serverSocket] = app.get(ProbeGateway).server.sockets.sockets.values();
    const listeners = () => serverSocket.listenerCount('disconnect');
    const idle = listeners();
    for (let i = 0; i < 20; i++) await client.timeout(10_000).emitWithAck('later', i);
    expect(listeners()).toBe(idle);
  });
});
