import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';

export interface RecordedRequest {
  method: string;
  path: string;
  query: URLSearchParams;
  headers: IncomingMessage['headers'];
  body: unknown;
}

export interface Expectation {
  method: string;
  /** Exact path, without the query. */
  path: string;
  /** When given, the JSON body must equal this exactly. */
  body?: unknown;
  /** Checks on the query string, e.g. `{ properties: /dealstage/ }`. */
  query?: Record<string, string | RegExp>;
  status?: number;
  reply?: unknown;
  /** Headers of the answer (a 429's `Retry-After`, say). */
  headers?: Record<string, string>;
}

/**
 * A local HTTP server standing in for an outside API. Each request must match
 * an expectation (method, path, and body/query where given), which is used up;
 * anything else is answered 599 and recorded in `unexpected`, so the test fails.
 */
export class HttpStandIn {
  readonly requests: RecordedRequest[] = [];
  readonly unexpected: string[] = [];
  private expectations: Expectation[] = [];
  private server?: Server;
  url = '';

  async start(): Promise<void> {
    this.server = createServer((req, res) => {
      const chunks: Buffer[] = [];
      req.on('data', (chunk: Buffer) => chunks.push(chunk));
      req.on('end', () => {
        const url = new URL(req.url ?? '/', 'http://stand-in');
        const raw = Buffer.concat(chunks).toString('utf8');
        let body: unknown = raw;
        if (raw && (req.headers['content-type'] ?? '').includes('json')) body = JSON.parse(raw);
        else if (raw && (req.headers['content-type'] ?? '').includes('form-urlencoded')) {
          body = Object.fromEntries(new URLSearchParams(raw));
        }
        const recorded = {
          method: req.method ?? '',
          path: url.pathname,
          query: url.searchParams,
          headers: req.headers,
          body,
        };
        this.requests.push(recorded);
        const index = this.expectations.findIndex((e) => matches(e, recorded));
        if (index === -1) {
          this.unexpected.push(`${recorded.method} ${recorded.path}${url.search} ${raw}`);
          res.writeHead(599, { 'content-type': 'application/json' });
          res.end(JSON.stringify({ message: 'unexpected request' }));
          return;
        }
        const [expectation] = this.expectations.splice(index, 1);
        const status = expectation.status ?? 200;
        if (expectation.reply === undefined) {
          res.writeHead(status, expectation.headers);
          res.end();
        } else {
          res.writeHead(status, { 'content-type': 'application/json', ...expectation.headers });
          res.end(JSON.stringify(expectation.reply));
        }
      });
    });
    await new Promise<void>((resolve) => this.server?.listen(0, '127.0.0.1', resolve));
    this.url = `http://127.0.0.1:${(this.server.address() as AddressInfo).port}`;
  }

  expect(...expectations: Expectation[]): void {
    this.expectations.push(...expectations);
  }

  /** Fails when a request was unexpected or an expected one never came. */
  verify(): void {
    const pending = this.expectations.map((e) => `${e.method} ${e.path}`);
    this.expectations = [];
    const unexpected = this.unexpected.splice(0);
    if (unexpected.length || pending.length) {
      throw new Error(
        `stand-in: unexpected [${unexpected.join(' | ')}], never called [${pending.join(' | ')}]`,
      );
    }
  }

  reset(): void {
    this.expectations = [];
    this.unexpected.length = 0;
    this.requests.length = 0;
  }

  async stop(): Promise<void> {
    await new Promise<void>((resolve) =>
      this.server ? this.server.close(() => resolve()) : resolve(),
    );
  }
}

function matches(expectation: Expectation, request: RecordedRequest): boolean {
  if (expectation.method !== request.method || expectation.path !== request.path) return false;
  if (
    expectation.body !== undefined &&
    JSON.stringify(sortKeys(expectation.body)) !== JSON.stringify(sortKeys(request.body))
  ) {
    return false;
  }
  for (const [name, expected] of Object.entries(expectation.query ?? {})) {
    const actual = request.query.getAll(name).join(',');
    if (typeof expected === 'string' ? actual !== expected : !expected.test(actual)) return false;
  }
  return true;
}

function sortKeys(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(sortKeys);
  if (value && typeof value === 'object') {
    return Object.fromEntries(
      Object.entries(value as Record<string, unknown>)
        .sort(([a], [b]) => a.localeCompare(b))
        .map(([k, v]) => [k, sortKeys(v)]),
    );
  }
  return value;
}
