import type { ClientRequest, IncomingMessage } from 'node:http';
import { request as httpRequest } from 'node:http';
import { request as httpsRequest } from 'node:https';
import type { RequestOptions } from 'node:https';
import type { LookupFunction } from 'node:net';
import { isIP } from 'node:net';
import { checkEndpoint, resolveWithSystemDns } from './safe-endpoint';
import type { EndpointPolicy, ResolvedAddress, ResolveHost } from './safe-endpoint';

/** A receiver's answer is read up to this many bytes, then the connection is dropped. */
export const ANSWER_BYTE_LIMIT = 64 * 1024;
const DEFAULT_TIMEOUT_MS = 10_000;

type SendRequest = (
  options: RequestOptions,
  onResponse: (response: IncomingMessage) => void,
) => ClientRequest;

export interface SafePostOptions extends EndpointPolicy {
  /** The whole exchange, from connecting to the answer's last byte read. */
  timeoutMs?: number;
  resolve?: ResolveHost;
  /** Opens the connection; injectable so a test can watch every connection attempt. */
  send?: SendRequest;
}

export interface WebhookPost {
  url: string;
  headers: Record<string, string>;
  body: string;
}

export type SafePostResult =
  | { outcome: 'answered'; status: number; latencyMs: number; bodyExcerpt: string }
  | { outcome: 'refused'; reason: string }
  | { outcome: 'failed'; reason: string; latencyMs: number };

/** Every lookup of this connection answers the checked address: no second DNS question. */
function pinnedLookup(checked: ResolvedAddress): LookupFunction {
  return (_hostname, options, callback) => {
    if (options.all) {
      (callback as unknown as (e: null, all: ResolvedAddress[]) => void)(null, [checked]);
    } else {
      callback(null, checked.address, checked.family);
    }
  };
}

function sendBy(protocol: string): SendRequest {
  return protocol === 'https:' ? httpsRequest : httpRequest;
}

/**
 * POSTs a webhook only to an endpoint `checkEndpoint` allows, connected to the address it checked.
 * A 3xx is the receiver's answer (never followed); the answer's body is cut at 64 KB; the exchange
 * is abandoned after `timeoutMs`.
 */
export async function safeHttpPost(
  post: WebhookPost,
  options: SafePostOptions,
): Promise<SafePostResult> {
  const check = await checkEndpoint(post.url, options, options.resolve ?? resolveWithSystemDns);
  if (!check.allowed) return { outcome: 'refused', reason: check.reason };

  const { url, address } = check;
  const hostname = url.hostname.replace(/^\[(.*)\]$/, '$1');
  const send = options.send ?? sendBy(url.protocol);
  const timeoutMs = options.timeoutMs ?? DEFAULT_TIMEOUT_MS;
  const startedAt = performance.now();
  const elapsed = () => Math.round(performance.now() - startedAt);

  return new Promise<SafePostResult>((resolvePost) => {
    let settled = false;
    const settle = (result: SafePostResult) => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      request.destroy();
      resolvePost(result);
    };

    const request = send(
      {
        method: 'POST',
        protocol: url.protocol,
        host: hostname,
        port: url.port || undefined,
        path: `${url.pathname}${url.search}`,
        headers: { ...post.headers, 'content-length': String(Buffer.byteLength(post.body)) },
        lookup: pinnedLookup(address),
        // SNI carries the name the certificate is checked against; an IP literal sends none.
        servername: isIP(hostname) ? undefined : hostname,
        // A fresh connection each time: a pooled socket would skip the check above.
        agent: false,
      },
      (response) => {
        const chunks: Buffer[] = [];
        let received = 0;
        const answered = () =>
          settle({
            outcome: 'answered',
            status: response.statusCode ?? 0,
            latencyMs: elapsed(),
            bodyExcerpt: Buffer.concat(chunks).subarray(0, ANSWER_BYTE_LIMIT).toString('utf8'),
          });
        response.on('data', (chunk: Buffer) => {
          chunks.push(chunk);
          received += chunk.length;
          if (received >= ANSWER_BYTE_LIMIT) answered();
        });
        response.on('end', answered);
        response.on('error', (error) =>
          settle({ outcome: 'failed', reason: error.message, latencyMs: elapsed() }),
        );
      },
    );
    const timer = setTimeout(
      () =>
        settle({
          outcome: 'failed',
          reason: `No answer within ${timeoutMs} ms.`,
          latencyMs: elapsed(),
        }),
      timeoutMs,
    );
    request.on('error', (error) =>
      settle({ outcome: 'failed', reason: error.message, latencyMs: elapsed() }),
    );
    request.end(post.body);
  });
}
