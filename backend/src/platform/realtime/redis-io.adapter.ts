import { type INestApplicationContext, Logger } from '@nestjs/common';
import { IoAdapter } from '@nestjs/platform-socket.io';
import { createAdapter } from '@socket.io/redis-adapter';
import { Redis } from 'ioredis';
import type { Server, ServerOptions } from 'socket.io';
import type { AppConfig } from '../config/app-config';

export const SOCKET_IO_PATH = '/socket.io';

/**
 * Socket.IO over the api's HTTP server, with the Redis adapter so that several
 * api replicas deliver each other's broadcasts. Path and CORS are set here, once,
 * from configuration, rather than on each gateway decorator.
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
    const server = super.createIOServer(port, {
      ...options,
      path: SOCKET_IO_PATH,
      cors: { origin: this.config.CORS_ORIGINS, credentials: true },
    } as ServerOptions) as Server;
    if (this.adapterConstructor) server.adapter(this.adapterConstructor);
    return server;
  }

  /** Called by Nest after the Socket.IO servers are closed on shutdown. */
  override async dispose(): Promise<void> {
    await Promise.all(
      this.clients.splice(0).map((client) => client.quit().catch(() => client.disconnect())),
    );
  }
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
