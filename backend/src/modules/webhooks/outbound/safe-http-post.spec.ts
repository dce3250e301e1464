import { createServer } from 'node:http';
import type { IncomingMessage, RequestOptions, Server, ServerResponse } from 'node:http';
import { request as httpRequest } from 'node:http';
import type { AddressInfo } from 'node:net';
import { Socket } from 'node:net';
import type { ResolvedAddress } from './safe-endpoint';
import { ANSWER_BYTE_LIMIT, safeHttpPost } from './safe-http-post';

// Every name resolves through this table: no test asks a real DNS server, and no test connects
// anywhere but to a server of its own on 127.0.0.1.
function resolverFor(table: Record<string, string[]>) {
  return jest.fn(async (hostname: string): Promise<ResolvedAddress[]> => {
    const addresses = table[hostname];
    if (!addresses) throw new Error(`ENOTFOUND ${hostname}`);
    return addresses.map((address) => ({ address, family: address.includes(':') ? 6 : 4 }));
  });
}

const post = (url: string) => ({
  url,
  headers: { 'content-type': 'application/json', 'webhook-id': 'msg_1' },
  body: '{"type":"agreement.sent"}',
});

describe('safeHttpPost refuses before connecting', () => {
  let socketConnect: jest.SpyInstance;
  beforeEach(() => {
    socketConnect = jest.spyOn(Socket.prototype, 'connect');
  });
  afterEach(() => socketConnect.mockRestore());

  const hosts = {
    'private.example.com': ['10.1.2.3'],
    'private-172.example.com': ['172.20.0.9'],
    'private-192.example.com': ['192.168.1.20'],
    'mixed.example.com': ['93.184.215.14', '10.0.0.7'],
    'mixed-v6.example.com': ['2606:2800:21f:cb07:6820:80da:af6b:8b2c', 'fe80::1'],
    'loopback.example.com': ['127.0.0.1'],
    'loopback-v6.example.com': ['::1'],
    'metadata.example.com': ['169.254.169.254'],
    'link-local.example.com': ['169.254.10.10'],
    'unique-local.example.com': ['fd12:3456::1'],
    'cgnat.example.com': ['100.100.1.1'],
    'zero.example.com': ['0.0.0.0'],
    'multicast.example.com': ['239.1.1.1'],
    'multicast-v6.example.com': ['ff02::1'],
    'broadcast.example.com': ['255.255.255.255'],
    'mapped.example.com': ['::ffff:192.168.0.1'],
    'empty.example.com': [],
    'public.example.com': ['93.184.215.14'],
  };

  it.each([
    ['http://public.example.com/hook', 'must use https'],
    ['ftp://public.example.com/hook', 'must use https'],
    ['not a url', 'not a valid URL'],
    ['https://user:pass@public.example.com/hook', 'user name or password'],
    ['https://private.example.com/hook', '10.1.2.3, a private address'],
    ['https://private-172.example.com/hook', '172.20.0.9, a private address'],
    ['https://private-192.example.com/hook', '192.168.1.20, a private address'],
    ['https://mixed.example.com/hook', '10.0.0.7, a private address'],
    ['https://mixed-v6.example.com/hook', 'fe80::1, a link-local address'],
    ['https://loopback.example.com/hook', '127.0.0.1, a loopback address'],
    ['https://loopback-v6.example.com/hook', '::1, a loopback address'],
    ['https://localhost/hook', 'localhost does not resolve'],
    ['https://127.0.0.1:8443/hook', '127.0.0.1, a loopback address'],
    ['https://2130706433/hook', '127.0.0.1, a loopback address'],
    ['https://metadata.example.com/latest', '169.254.169.254, a cloud metadata address'],
    ['https://169.254.169.254/latest/meta-data/', 'a cloud metadata address'],
    ['https://[fd00:ec2::254]/latest/meta-data/', 'a cloud metadata address'],
    ['https://[::ffff:169.254.169.254]/latest/', 'a cloud metadata address'],
    ['https://link-local.example.com/hook', 'a link-local address'],
    ['https://unique-local.example.com/hook', 'a unique-local address'],
    ['https://cgnat.example.com/hook', 'a shared (CGNAT) address'],
    ['https://zero.example.com/hook', 'an unspecified address'],
    ['https://multicast.example.com/hook', 'a multicast address'],
    ['https://multicast-v6.example.com/hook', 'a multicast address'],
    ['https://broadcast.example.com/hook', 'the broadcast address'],
    ['https://mapped.example.com/hook', '::ffff:192.168.0.1, a private address'],
    ['https://[::ffff:7f00:1]/hook', 'a loopback address'],
    ['https://empty.example.com/hook', 'does not resolve'],
    ['https://unknown.example.com/hook', 'does not resolve'],
  ])('%s: refused (%s)', async (url, reason) => {
    const send = jest.fn();

    const result = await safeHttpPost(post(url), {
      allowLoopback: false,
      resolve: resolverFor(hosts),
      send,
    });

    expect(result).toEqual({ outcome: 'refused', reason: expect.stringContaining(reason) });
    expect(send).not.toHaveBeenCalled();
    expect(socketConnect).not.toHaveBeenCalled();
  });

  it.each([
    ['http://public.example.com/hook', 'only to a loopback address'],
    ['http://private.example.com/hook', 'a private address'],
    ['https://metadata.example.com/hook', 'a cloud metadata address'],
  ])('with loopback allowed, %s is still refused (%s)', async (url, reason) => {
    const send = jest.fn();

    const result = await safeHttpPost(post(url), {
      allowLoopback: true,
      resolve: resolverFor(hosts),
      send,
    });

    expect(result).toEqual({ outcome: 'refused', reason: expect.stringContaining(reason) });
    expect(send).not.toHaveBeenCalled();
    expect(socketConnect).not.toHaveBeenCalled();
  });
});

describe('safeHttpPost to a loopback receiver', () => {
  let server: Server;
  let port: number;
  let handle: (request: IncomingMessage, response: ServerResponse) => void;
  const received: Array<{ path: string; host?: string; body: string; signatureId?: string }> = [];

  beforeAll(async () => {
    server = createServer((request, response) => {
      let body = '';
      request.on('data', (chunk: Buffer) => (body += chunk.toString()));
      request.on('end', () => {
        received.push({
          path: request.url ?? '',
          host: request.headers.host,
          body,
          signatureId: request.headers['webhook-id'] as string | undefined,
        });
        handle(request, response);
      });
    });
    await new Promise<void>((listening) => server.listen(0, '127.0.0.1', listening));
    port = (server.address() as AddressInfo).port;
  });
  afterAll(async () => {
    server.closeAllConnections();
    await new Promise((closed) => server.close(closed));
  });
  beforeEach(() => {
    received.length = 0;
  });

  it('delivers to the address it checked, asking DNS once, with the original host name', async () => {
    handle = (_request, response) => response.writeHead(204).end();
    // `receiver.test` exists only in this table: a second lookup by the connection would fail.
    const resolve = resolverFor({ 'receiver.test': ['127.0.0.1'] });
    const send = jest.fn((options: RequestOptions, onResponse: (r: IncomingMessage) => void) =>
      httpRequest(options, onResponse),
    );
    const socketConnect = jest.spyOn(Socket.prototype, 'connect');

    const result = await safeHttpPost(post(`http://receiver.test:${port}/inbox?tenant=1`), {
      allowLoopback: true,
      resolve,
      send,
    });

    expect(result).toEqual({
      outcome: 'answered',
      status: 204,
      latencyMs: expect.any(Number),
      bodyExcerpt: '',
    });
    expect(resolve).toHaveBeenCalledTimes(1);
    expect(send).toHaveBeenCalledTimes(1);
    // The same spy the refusal tests rely on does see a real connection.
    expect(socketConnect).toHaveBeenCalledTimes(1);
    socketConnect.mockRestore();
    expect(received).toEqual([
      {
        path: '/inbox?tenant=1',
        host: `receiver.test:${port}`,
        body: '{"type":"agreement.sent"}',
        signatureId: 'msg_1',
      },
    ]);
  });

  it('takes a redirect as the answer and does not follow it', async () => {
    handle = (request, response) =>
      request.url === '/moved'
        ? response.writeHead(302, { location: `http://127.0.0.1:${port}/elsewhere` }).end()
        : response.writeHead(200).end('followed');

    const result = await safeHttpPost(post(`http://127.0.0.1:${port}/moved`), {
      allowLoopback: true,
    });

    expect(result).toMatchObject({ outcome: 'answered', status: 302 });
    expect(received.map((request) => request.path)).toEqual(['/moved']);
  });

  it('stops reading an answer at 64 KB instead of waiting for its end', async () => {
    // The receiver sends more than the limit and never ends the answer: only the cut settles it.
    handle = (_request, response) => {
      response.writeHead(500, { 'content-type': 'text/plain' });
      response.write('x'.repeat(ANSWER_BYTE_LIMIT) + 'y'.repeat(200 * 1024));
    };

    const result = await safeHttpPost(post(`http://127.0.0.1:${port}/endless`), {
      allowLoopback: true,
      timeoutMs: 5000,
    });

    expect(result).toMatchObject({ outcome: 'answered', status: 500 });
    const excerpt = (result as { bodyExcerpt: string }).bodyExcerpt;
    expect(excerpt).toHaveLength(ANSWER_BYTE_LIMIT);
    expect(excerpt).not.toContain('y');
  });

  it('gives up on a receiver that never answers once the time is up', async () => {
    handle = () => undefined;

    const result = await safeHttpPost(post(`http://127.0.0.1:${port}/silent`), {
      allowLoopback: true,
      timeoutMs: 300,
    });

    expect(result).toEqual({
      outcome: 'failed',
      reason: 'No answer within 300 ms.',
      latencyMs: expect.any(Number),
    });
    expect((result as { latencyMs: number }).latencyMs).toBeGreaterThanOrEqual(290);
    expect((result as { latencyMs: number }).latencyMs).toBeLessThan(2000);
  });

  it('gives up on a receiver that answers headers but trickles the body past the time', async () => {
    handle = (_request, response) => {
      response.writeHead(200);
      response.write('partial');
    };

    const result = await safeHttpPost(post(`http://127.0.0.1:${port}/slow`), {
      allowLoopback: true,
      timeoutMs: 300,
    });

    expect(result).toMatchObject({ outcome: 'failed', reason: 'No answer within 300 ms.' });
  });

  it('reports a refused connection as failed, not as an answer', async () => {
    const closed = createServer();
    await new Promise<void>((listening) => closed.listen(0, '127.0.0.1', listening));
    const freePort = (closed.address() as AddressInfo).port;
    await new Promise((done) => closed.close(done));

    const result = await safeHttpPost(post(`http://127.0.0.1:${freePort}/`), {
      allowLoopback: true,
    });

    expect(result).toMatchObject({
      outcome: 'failed',
      reason: expect.stringContaining('ECONNREFUSED'),
    });
  });
});
