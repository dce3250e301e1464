import { type INestApplicationContext, Logger } from '@nestjs/common';
import { IoAdapter } from '@nestjs/platform-socket.io';
import type { MessageMappingProperties } from '@nestjs/websockets';
import { createAdapter } from '@socket.io/redis-adapter';
import { Redis } from 'ioredis';
import { fromEvent, type Observable, takeUntil } from 'rxjs';
import type { IncomingMessage } from 'node:http';
import type { Server, ServerOptions } from 'socket.io';
import type { AppConfig } from '../config/app-config';
import { frontendOriginsOf } from '../security/frontend-origins';

const SOCKET_IO_PATH = '/socket.io';

/**
 * Socket.IO over the api's HTTP server, with the Redis adapter so that several
 * api replicas deliver each other's broadcasts. Path, CORS and the handshake's
 * origin check are set here, once, from configuration, rather than on each
 * gateway decorator.
 */
export class RedisIoAdapter extends IoAdapter {
  private adapterConstructor?: ReturnType<typeof createAdapter>;
  private readonly clients: Redis[] = [];
  private readonly logger = new Logger(RedisIoAdapter.name);

  constructor(
    app: INestApplicationContext,
    private readonly config: AppConfig,
  ) {
    super(app);
  }

  /** Opens the pub/sub connections; call before `app.listen()`. */
  async connectToRedis(): Promise<void> {
    const pubClient = new Redis(this.config.REDIS_URL, {
      connectionName: `${this.config.QUEUE_PREFIX}-io-pub`,
    });
    const subClient = pubClient.duplicate({ connectionName: `${this.config.QUEUE_PREFIX}-io-sub` });
    this.clients.push(pubClient, subClient);
    // ioredis reconnects by itself; without a listener an outage would surface as an unhandled 'error' event.
    for (const client of this.clients)
      client.on('error', (error: Error) => this.logger.warn(`Redis: ${error.message}`));
    await Promise.all(this.clients.map((client) => waitUntilReady(client)));
    // Channels live under the same namespace as the queues, so deployments (and test suites) sharing a Redis stay apart.
    this.adapterConstructor = createAdapter(pubClient, subClient, {
      key: `${this.config.QUEUE_PREFIX}:socket.io`,
    });
  }

  override createIOServer(port: number, options?: ServerOptions): Server {
    const frontends = new Set(frontendOriginsOf(this.config));
    const server = super.createIOServer(port, {
      ...options,
      path: SOCKET_IO_PATH,
      cors: { origin: [...frontends], credentials: true },
      // Every handshake request, long-polling and WebSocket upgrade alike, whatever the
      // namespace (staff and signers): CORS never stops a WebSocket upgrade.
      allowRequest: (request: IncomingMessage, callback: (error: null, ok: boolean) => void) =>
        callback(null, isFromOwnFrontend(request, frontends)),
    } as ServerOptions) as Server;
    if (this.adapterConstructor) server.adapter(this.adapterConstructor);
    return server;
  }

  /**
   * Nest's own binding keeps an rxjs pipeline (about four subscribers and their
   * closures) per message handler on every socket for the socket's whole life,
   * twelve per idle signer socket here. This one keeps a plain listener per
   * handler and builds the same pipeline only while a message is being answered.
   * What reaches the client is Nest's: `callback` already runs guards, pipes and
   * exception filters, and `transform` turns its value, Promise or Observable
   * into responses; a `{event, data}` response is emitted, any other is the
   * acknowledgement (unless the handler acknowledges itself), nothing after
   * the socket disconnected.
   */
  override bindMessageHandlers(
    // Nest's own socket.io copy (its Socket type differs from ours by private members only).
    socket: Parameters<IoAdapter['bindMessageHandlers']>[0],
    handlers: MessageMappingProperties[],
    transform: (data: unknown) => Observable<unknown>,
  ): void {
    for (const { message, callback, isAckHandledManually } of handlers) {
      socket.on(message as string, (...args: unknown[]) => {
        // As rxjs's fromEvent hands them to Nest: one argument as it is, several as an array.
        const { data, ack } = this.mapPayload(args.length > 1 ? args : args[0]);
        transform(callback(data, ack))
          .pipe(takeUntil(fromEvent(socket, 'disconnect')))
          .subscribe((response) => {
            if (response === null || response === undefined) return;
            const { event, data: eventData } = response as { event?: string; data?: unknown };
            if (event) {
              socket.emit(event, eventData);
            } else if (!isAckHandledManually && typeof ack === 'function') {
              (ack as (response: unknown) => void)(response);
            }
          });
      });
    }
  }

  /** Called by Nest after the Socket.IO servers are closed on shutdown. */
  override async dispose(): Promise<void> {
    await Promise.all(
      this.clients.splice(0).map((client) => client.quit().catch(() => client.disconnect())),
    );
  }
}

/**
 * A socket is opened from our own frontends only: any other page would ride the
 * visitor's staff cookie into the staff rooms (cross-site WebSocket hijacking).
 * Browsers always send Origin on a WebSocket handshake and on a cross-origin
 * poll, so a request without one is no other site's page: a non-browser client
 * (scripts, tests, server to server), which could send any Origin it liked, is
 * admitted and faces the same session and token checks as everyone.
 */
function isFromOwnFrontend(request: IncomingMessage, frontends: ReadonlySet<string>): boolean {
  const origin = request.headers.origin;
  return origin === undefined || frontends.has(origin);
}

function waitUntilReady(client: Redis): Promise<void> {
  if (client.status === 'ready') return Promise.resolve();
  return new Promise((resolve, reject) => {
    const onError = (error: Error) => {
      client.off('ready', onReady);
      reject(error);
    };
    const onReady = () => {
      client.off('error', onError);
      resolve();
    };
    client.once('ready', onReady);
    client.once('error', onError);
  });
}
