// The servers of the signing bench: the built signing app behind the real
// frontend server (scripts/serve-frontend.mjs, with the build's brotli/gzip
// copies written first, as `npm start` serves them), the floor page beside it
// on the same server, and a stub of the signer calls on its own origin (as the
// api is in `npm start`), so the figures depend on the bundle, the frontend
// server and the browser only.
import { CAPTCHA_CHECKBOX_LABEL, CAPTCHA_PROMPT } from '@prosign/domain';
import { mkdir, rm, writeFile } from 'node:fs/promises';
import http from 'node:http';
import path from 'node:path';
import { PDFDocument, StandardFonts } from 'pdf-lib';
import { precompressDir } from '../../scripts/precompress.mjs';
import { startFrontendServer } from '../../scripts/serve-frontend.mjs';

/** Where the floor page is served, in a folder of the dist the bench removes afterwards. */
export const FLOOR_PATH = '/bench-floor/captcha.html';

const escapeHtml = (text) =>
  text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/'/g, '&#39;');

/**
 * The floor: a static page holding only the prompt and the checkbox (the texts
 * the app shows, the classes the bench waits for), no script and no stylesheet
 * beyond the body's font. What the network, the server and the browser cost
 * before the step can paint; the app's step is measured against it.
 */
export function floorPage() {
  return `<!doctype html>
<html lang="en">
  <head>
    <meta charset="utf-8" />
    <meta name="viewport" content="width=device-width, initial-scale=1" />
    <title>Signing bench floor</title>
    <style>body { margin: 24px 16px; font: 15px/1.5 system-ui, sans-serif; }</style>
  </head>
  <body>
    <section class="ps-captcha" aria-label="Security check">
      <p id="prompt" class="ps-captcha__prompt">${escapeHtml(CAPTCHA_PROMPT)}</p>
      <label class="ps-captcha__checkbox"
        ><input type="checkbox" aria-describedby="prompt" />${escapeHtml(CAPTCHA_CHECKBOX_LABEL)}</label
      >
    </section>
  </body>
</html>
`;
}

async function agreementPdf() {
  const pdf = await PDFDocument.create();
  const font = await pdf.embedFont(StandardFonts.Helvetica);
  for (let n = 1; n <= 3; n += 1) {
    const page = pdf.addPage([612, 792]);
    page.drawText(`Structural Engineering Agreement — page ${n}`, {
      x: 60,
      y: 720,
      size: 16,
      font,
    });
    for (let line = 0; line < 40; line += 1) {
      page.drawText('The Engineer provides the services described in this agreement.', {
        x: 60,
        y: 680 - line * 15,
        size: 10,
        font,
      });
    }
  }
  return Buffer.from(await pdf.save());
}

function listen(server) {
  return new Promise((resolve) =>
    server.listen(0, '127.0.0.1', () => resolve(server.address().port)),
  );
}

/** A stub of the signer calls the page makes, on its own origin as the api is in `npm start`. */
async function startApiStub() {
  const pdf = await agreementPdf();
  let origin = '';
  const server = http.createServer((req, res) => {
    const url = new URL(req.url, 'http://x');
    // Credentialed CORS, as the api answers the signing origin.
    const cors = {
      'Access-Control-Allow-Origin': req.headers.origin ?? '*',
      'Access-Control-Allow-Credentials': 'true',
      Vary: 'Origin',
    };
    const json = (status, body) => {
      res.writeHead(status, { ...cors, 'Content-Type': 'application/json' });
      res.end(JSON.stringify(body));
    };
    if (req.method === 'OPTIONS') {
      res.writeHead(204, {
        ...cors,
        'Access-Control-Allow-Methods': 'GET, POST, PUT, PATCH, DELETE',
        'Access-Control-Allow-Headers': req.headers['access-control-request-headers'] ?? '*',
      });
      return res.end();
    }
    if (/^\/api\/(sow|co)\/verify-link\/[^/]+$/.test(url.pathname)) {
      return json(200, { valid: true, linkState: 'open' });
    }
    if (url.pathname === '/api/captcha/config') {
      return json(200, { adapter: 'local', challenge: 'bench-challenge' });
    }
    if (url.pathname === '/api/captcha/verify') {
      return json(200, {
        pass: 'bench-pass',
        expiresAt: new Date(Date.now() + 3_600_000).toISOString(),
      });
    }
    if (url.pathname === '/api/verifyToken') {
      return json(200, {
        valid: true,
        linkState: 'open',
        status: 'viewed',
        agreementTitle: 'Structural Engineering Agreement',
        docLink: `${origin}/bench/agreement.pdf`,
        signedDocLink: null,
        verifyId: null,
        metrics: { isSignatureSaved: false, isSigned: false, signature: null, initials: null },
        client: { full_name: 'Jane Doe', hsDealId: null },
      });
    }
    if (url.pathname === '/bench/agreement.pdf') {
      res.writeHead(200, {
        ...cors,
        'Content-Type': 'application/pdf',
        'Content-Length': pdf.length,
      });
      return res.end(pdf);
    }
    return json(404, { statusCode: 404, message: 'Not in the bench stub', error: 'Not Found' });
  });
  const port = await listen(server);
  origin = `http://127.0.0.1:${port}`;
  return { server, origin };
}

/**
 * The built signing app in `dist` behind scripts/serve-frontend.mjs, the floor
 * page written beside it (served the same way: same server, headers and
 * compression), and the api stub. `close()` stops them and removes the floor.
 */
export async function startServers(dist) {
  const floorDir = path.join(dist, path.dirname(FLOOR_PATH));
  await mkdir(floorDir, { recursive: true });
  await writeFile(path.join(dist, FLOOR_PATH), floorPage());
  await precompressDir(dist);
  const api = await startApiStub();
  const frontend = startFrontendServer({
    app: 'signing',
    distDir: dist,
    port: 0,
    host: '127.0.0.1',
    env: { PUBLIC_API_URL: api.origin, CAPTCHA_ADAPTER: 'local', MAPS_ADAPTER: 'local' },
  });
  await new Promise((resolve, reject) => {
    frontend.once('listening', resolve);
    frontend.once('error', reject);
  });
  const origin = `http://127.0.0.1:${frontend.address().port}`;
  return {
    origin,
    close: async () => {
      frontend.close();
      frontend.closeAllConnections?.();
      api.server.close();
      api.server.closeAllConnections?.();
      await rm(floorDir, { recursive: true, force: true });
    },
  };
}
