// One JSON-over-HTTP call for the benches that drive the api as clients do
// (bench/signers, bench/faults): the body as JSON, the answer parsed when it is
// JSON, its raw bytes kept (PDFs), and how long it took.
import http from 'node:http';
import { performance } from 'node:perf_hooks';

/**
 * `onRequest(req)` sees each request (to track the ones in flight);
 * `timeoutMs` destroys a request that takes longer (none by default).
 */
export function jsonCall(
  base,
  method,
  url,
  { headers = {}, body, agent, timeoutMs, onRequest } = {},
) {
  const payload = body === undefined ? undefined : Buffer.from(JSON.stringify(body));
  const started = performance.now();
  return new Promise((resolve, reject) => {
    const req = http.request(
      `${base}${url}`,
      {
        method,
        agent,
        headers: {
          accept: 'application/json',
          ...(payload
            ? { 'content-type': 'application/json', 'content-length': payload.length }
            : {}),
          ...headers,
        },
      },
      (res) => {
        const chunks = [];
        res.on('data', (chunk) => chunks.push(chunk));
        res.on('end', () => {
          const raw = Buffer.concat(chunks);
          let json = null;
          try {
            json = raw.length ? JSON.parse(raw.toString('utf8')) : null;
          } catch {
            json = null;
          }
          resolve({
            status: res.statusCode,
            json,
            raw,
            headers: res.headers,
            ms: performance.now() - started,
          });
        });
        res.on('error', reject);
      },
    );
    onRequest?.(req);
    if (timeoutMs) req.setTimeout(timeoutMs, () => req.destroy(new Error('client timeout')));
    req.on('error', reject);
    if (payload) req.write(payload);
    req.end();
  });
}
