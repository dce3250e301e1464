import { createServer, type AddressInfo, type Server, type Socket } from 'node:net';

/**
 * A service that is down: a port held by a listener that resets each
 * connection as soon as it opens. A port merely released is no such thing —
 * a server of a suite running beside this one can be given it and answer.
 */
export class DownPort {
  private readonly sockets = new Set<Socket>();

  private constructor(
    private readonly server: Server,
    readonly port: number,
  ) {}

  /** Holds a free port, or `port` again once its service has stopped. */
  static async open(port = 0): Promise<DownPort> {
    const server = createServer();
    await new Promise<void>((resolve, reject) =>
      server.once('error', reject).listen(port, '127.0.0.1', resolve),
    );
    const down = new DownPort(server, (server.address() as AddressInfo).port);
    server.on('connection', (socket) => {
      down.sockets.add(socket);
      socket.on('error', () => undefined).on('close', () => down.sockets.delete(socket));
      socket.resetAndDestroy();
    });
    return down;
  }

  /** An http URL on the held port. */
  url(path = '/'): string {
    return `http://127.0.0.1:${this.port}${path}`;
  }

  /** Lets go of the port, for the service to come back on it at once. */
  async release(): Promise<void> {
    for (const socket of this.sockets) socket.destroy();
    await new Promise<void>((resolve) => this.server.close(() => resolve()));
  }
}
