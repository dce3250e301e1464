import { createServer, type IncomingHttpHeaders, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { WebhookPayload } from '@prosign/domain';
import { Webhook } from 'standardwebhooks';

/** One request the receiver got, as it arrived. */
export interface ReceivedWebhook {
  at: Date;
  path: string;
  headers: IncomingHttpHeaders;
  body: string;
  /** The answer it was given. */
  status: number;
}

/**
 * A customer's webhook endpoint, on loopback: records every request and answers with the
 * status `answer` picks (200 by default), so a test can make it fail and recover.
 */
export class WebhookReceiver {
  readonly received: ReceivedWebhook[] = [];
  answer: (request: Omit<ReceivedWebhook, 'status'>, index: number) => number = () => 200;
  /** How long the answer to the `index`-th request is held back (a slow receiver). */
  holdMs: (index: number) => number = () => 0;
  /** Requests whose body has arrived, answered or not yet. */
  arrived = 0;
  private server?: Server;
  url = '';

  async start(path = '/hooks/prosign'): Promise<string> {
    this.server = createServer((req, res) => {
      const chunks: Buffer[] = [];
      req.on('data', (chunk: Buffer) => chunks.push(chunk));
      req.on('end', () => {
        const request = {
          at: new Date(),
          path: req.url ?? '/',
          headers: req.headers,
          body: Buffer.concat(chunks).toString('utf8'),
        };
        const index = this.arrived;
        this.arrived += 1;
        setTimeout(() => {
          const status = this.answer(request, index);
          this.received.push({ ...request, status });
          res.writeHead(status, { 'content-type': 'text/plain' });
          res.end(status < 300 ? 'ok' : `refused with ${status}`);
        }, this.holdMs(index));
      });
    });
    await new Promise<void>((resolve) => this.server!.listen(0, '127.0.0.1', resolve));
    const { port } = this.server.address() as AddressInfo;
    this.url = `http://127.0.0.1:${port}${path}`;
    return this.url;
  }

  async stop(): Promise<void> {
    await new Promise<void>((resolve) =>
      this.server ? this.server.close(() => resolve()) : resolve(),
    );
  }

  /** The payloads answered 2xx, in arrival order. */
  delivered(): WebhookPayload[] {
    return this.received
      .filter((request) => request.status < 300)
      .map((request) => JSON.parse(request.body) as WebhookPayload);
  }
}

/** Verifies a received request as a receiver would, with the independent `standardwebhooks` library. */
export function verifiedBy(secret: string, request: ReceivedWebhook): WebhookPayload {
  const headers = Object.fromEntries(
    ['webhook-id', 'webhook-timestamp', 'webhook-signature'].map((name) => [
      name,
      String(request.headers[name] ?? ''),
    ]),
  );
  return new Webhook(secret).verify(request.body, headers) as WebhookPayload;
}
