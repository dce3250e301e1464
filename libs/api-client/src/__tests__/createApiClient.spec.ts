/**
 * @jest-environment node
 */
import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { ApiError, createApiClient } from '../index';

/** A real HTTP server standing in for the API, so requests go over the wire. */
let server: Server;
let baseUrl: string;
let lastRequest: {
  method?: string;
  url?: string;
  headers: IncomingMessage['headers'];
  body: string;
};

beforeAll(async () => {
  server = createServer((req, res) => {
    let body = '';
    req.on('data', (chunk: Buffer) => (body += chunk.toString()));
    req.on('end', () => {
      lastRequest = { method: req.method, url: req.url, headers: req.headers, body };
      if (req.url?.startsWith('/api/health')) {
        res.writeHead(200, { 'Content-Type': 'application/json' });
        res.end(JSON.stringify({ status: 'ok' }));
      } else if (req.url === '/api/services') {
        res.writeHead(400, { 'Content-Type': 'application/json' });
        res.end(
          JSON.stringify({
            statusCode: 400,
            message: ['name must not be empty', 'order must be a number'],
            error: 'Bad Request',
          }),
        );
      } else if (req.url === '/api/auth/session') {
        res.writeHead(401, { 'Content-Type': 'application/json' });
        res.end(
          JSON.stringify({
            statusCode: 401,
            message: 'Your session has expired. Please log in again.',
            error: 'Unauthorized',
          }),
        );
      } else if (req.url === '/api/contracts/missing') {
        res.writeHead(404, { 'Content-Type': 'application/json' });
        res.end(
          JSON.stringify({ statusCode: 404, message: 'Contract not found', error: 'Not Found' }),
        );
      } else if (req.url === '/api/empty') {
        res.writeHead(204);
        res.end();
      } else {
        res.writeHead(502, { 'Content-Type': 'text/html' });
        res.end('<html>Bad gateway</html>');
      }
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  baseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}/`;
});

afterAll(async () => {
  await new Promise((resolve) => server.close(resolve));
});

describe('createApiClient', () => {
  it('gets JSON and builds the query string', async () => {
    const client = createApiClient({ baseUrl });
    await expect(
      client.get('/api/health', { query: { verbose: true, skip: undefined, tag: ['a', 'b'] } }),
    ).resolves.toEqual({
      status: 'ok',
    });
    expect(lastRequest.url).toBe('/api/health?verbose=true&tag=a&tag=b');
    expect(lastRequest.headers.accept).toBe('application/json');
  });

  it('sends bodies as JSON and always includes credentials', async () => {
    const seen: RequestInit[] = [];
    const client = createApiClient({
      baseUrl,
      fetch: (input, init) => {
        seen.push(init ?? {});
        return fetch(input, init);
      },
    });
    await client.post('/api/empty', { name: 'Design review' });
    expect(lastRequest.method).toBe('POST');
    expect(JSON.parse(lastRequest.body)).toEqual({ name: 'Design review' });
    expect(lastRequest.headers['content-type']).toBe('application/json');
    expect(seen[0]?.credentials).toBe('include');
  });

  it('turns the server JSON error into an ApiError', async () => {
    const client = createApiClient({ baseUrl });
    const error = await client.get('/api/contracts/missing').catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({
      statusCode: 404,
      message: 'Contract not found',
      error: 'Not Found',
    });
  });

  it('keeps every validation message', async () => {
    const client = createApiClient({ baseUrl });
    const error = (await client.post('/api/services', {}).catch((e: unknown) => e)) as ApiError;
    expect(error.statusCode).toBe(400);
    expect(error.messages).toEqual(['name must not be empty', 'order must be a number']);
    expect(error.message).toBe('name must not be empty; order must be a number');
  });

  it('reports a non-JSON failure with its status', async () => {
    const client = createApiClient({ baseUrl });
    await expect(client.get('/api/other')).rejects.toMatchObject({
      statusCode: 502,
      error: 'Bad Gateway',
    });
  });

  it('reports an unreachable server as a network error', async () => {
    const client = createApiClient({ baseUrl: 'http://127.0.0.1:1' });
    const error = (await client.get('/api/health').catch((e: unknown) => e)) as ApiError;
    expect(error).toBeInstanceOf(ApiError);
    expect(error.isNetworkError).toBe(true);
  });
});

describe('onUnauthorized', () => {
  it('is told about a 401 before the error is thrown, and not about other errors', async () => {
    const onUnauthorized = jest.fn();
    const client = createApiClient({ baseUrl, onUnauthorized });
    await expect(client.get('/api/auth/session')).rejects.toMatchObject({ statusCode: 401 });
    expect(onUnauthorized).toHaveBeenCalledWith(
      expect.objectContaining({ message: 'Your session has expired. Please log in again.' }),
      '/api/auth/session',
    );
    await expect(client.get('/api/contracts/missing')).rejects.toMatchObject({ statusCode: 404 });
    expect(onUnauthorized).toHaveBeenCalledTimes(1);
  });
});
