import { createVerify, generateKeyPairSync } from 'node:crypto';
import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { loadConfig } from '../../platform/config/load-config';
import { GoogleDocsAdapter } from './google-docs.adapter';
import type { docs_v1 } from '@googleapis/docs';

interface Recorded {
  method: string;
  path: string;
  query: URLSearchParams;
  body: string;
}

const { privateKey, publicKey } = generateKeyPairSync('rsa', { modulusLength: 2048 });
const SERVICE_ACCOUNT = {
  type: 'service_account',
  client_email: 'prosign-docs@prosign-test.iam.gserviceaccount.com',
  private_key: privateKey.export({ type: 'pkcs8', format: 'pem' }).toString(),
  private_key_id: 'key-1',
};
const PDF = Buffer.from('%PDF-1.7\n% exported by the stand-in\n%%EOF\n');

/**
 * A local stand-in for the Docs and Drive APIs: checks every request carries a
 * JWT signed by the service account with the Docs and Drive scopes, records it,
 * and answers like Google does.
 */
class GoogleStandIn {
  readonly requests: Recorded[] = [];
  authFailures: string[] = [];
  /** What documents.get returns as the document's text runs. */
  documentText = 'Agreement for Maria. Signature: $client_signature Initials: $client_initials';
  private server?: Server;

  async start(): Promise<string> {
    this.server = createServer((req, res) => {
      const chunks: Buffer[] = [];
      req.on('data', (chunk: Buffer) => chunks.push(chunk));
      req.on('end', () => {
        const url = new URL(req.url ?? '/', 'http://stand-in');
        const body = Buffer.concat(chunks).toString('latin1');
        try {
          this.checkAuth(req);
        } catch (error) {
          this.authFailures.push(`${req.url}: ${(error as Error).message}`);
        }
        this.requests.push({
          method: req.method ?? '',
          path: url.pathname,
          query: url.searchParams,
          body,
        });
        const [status, payload, type] = this.answer(req.method ?? '', url.pathname);
        res.writeHead(status, { 'content-type': type });
        res.end(payload);
      });
    });
    await new Promise<void>((resolve) => this.server?.listen(0, '127.0.0.1', resolve));
    return `http://127.0.0.1:${(this.server?.address() as AddressInfo).port}/`;
  }

  stop(): Promise<void> {
    // Node's fetch keeps connections alive; close them or close() waits for ever.
    this.server?.closeAllConnections();
    return new Promise((resolve) => this.server?.close(() => resolve()));
  }

  private checkAuth(req: IncomingMessage): void {
    const token = /^Bearer (.+)$/.exec(req.headers.authorization ?? '')?.[1];
    if (!token) return void this.authFailures.push(`${req.url}: no bearer token`);
    const [header, claims, signature] = token.split('.');
    const verified = createVerify('RSA-SHA256')
      .update(`${header}.${claims}`)
      .verify(publicKey, Buffer.from(signature, 'base64url'));
    const payload = JSON.parse(Buffer.from(claims, 'base64url').toString()) as Record<
      string,
      string
    >;
    const kid = (JSON.parse(Buffer.from(header, 'base64url').toString()) as { kid?: string }).kid;
    if (!verified) this.authFailures.push(`${req.url}: bad signature`);
    if (payload.iss !== SERVICE_ACCOUNT.client_email)
      this.authFailures.push(`${req.url}: iss ${payload.iss}`);
    if (!payload.scope?.includes('auth/documents') || !payload.scope.includes('auth/drive')) {
      this.authFailures.push(`${req.url}: scope ${payload.scope}`);
    }
    if (kid !== SERVICE_ACCOUNT.private_key_id) this.authFailures.push(`${req.url}: kid ${kid}`);
  }

  private answer(method: string, path: string): [number, string | Buffer, string] {
    const json = (status: number, value: unknown): [number, string, string] => [
      status,
      JSON.stringify(value),
      'application/json',
    ];
    if (method === 'POST' && path === '/drive/v3/files/missing-template/copy') {
      return json(404, { error: { code: 404, message: 'File not found: missing-template.' } });
    }
    if (method === 'POST' && /^\/drive\/v3\/files\/[^/]+\/copy$/.test(path))
      return json(200, { id: 'copy-1' });
    if (method === 'POST' && path === '/v1/documents/copy-1:batchUpdate')
      return json(200, { replies: [] });
    if (method === 'GET' && path === '/v1/documents/copy-1') {
      return json(200, {
        documentId: 'copy-1',
        body: {
          content: [
            {
              paragraph: { elements: [{ startIndex: 1, textRun: { content: this.documentText } }] },
            },
          ],
        },
      });
    }
    if (method === 'DELETE' && path === '/drive/v3/files/copy-1') return [204, '', 'text/plain'];
    if (method === 'POST' && path === '/upload/drive/v3/files') {
      return json(200, { id: `image-${this.requests.filter((r) => r.path === path).length}` });
    }
    if (method === 'POST' && /^\/drive\/v3\/files\/image-\d\/permissions$/.test(path))
      return json(200, { id: 'anyone' });
    if (method === 'DELETE' && /^\/drive\/v3\/files\/image-\d$/.test(path))
      return [204, '', 'text/plain'];
    if (method === 'GET' && path === '/drive/v3/files/copy-1/export')
      return [200, PDF, 'application/pdf'];
    return json(404, { error: { code: 404, message: `stand-in has no ${method} ${path}` } });
  }
}

describe('GoogleDocsAdapter against a Docs/Drive stand-in', () => {
  const standIn = new GoogleStandIn();
  let adapter: GoogleDocsAdapter;

  beforeAll(async () => {
    const rootUrl = await standIn.start();
    adapter = new GoogleDocsAdapter(
      loadConfig({
        MONGODB_URI: 'mongodb://127.0.0.1:1/unused',
        REDIS_URL: 'redis://127.0.0.1:1',
        DOCUMENTS_ADAPTER: 'google',
        GOOGLE_SERVICE_ACCOUNT_JSON: JSON.stringify(SERVICE_ACCOUNT),
        GOOGLE_API_ROOT_URL: rootUrl,
      }),
    );
  });

  afterAll(() => standIn.stop());

  beforeEach(() => {
    standIn.requests.length = 0;
    standIn.authFailures = [];
    standIn.documentText =
      'Agreement for Maria. Signature: $client_signature Initials: $client_initials';
  });

  afterEach(() => expect(standIn.authFailures).toEqual([]));

  it('copies the template, replaces section texts then values, longest names first', async () => {
    const { docId } = await adapter.copyTemplate({
      templateDocId: 'tpl-standard',
      title: 'Professional Engineering Services Agreement',
      values: { cost: '$1,200.00', cost_total: '$1,500.00', full_name: 'Maria Alvarez' },
      sectionOverrides: { engineerFee: 'Fee: $cost' },
      documentDate: new Date('2026-03-01T00:00:00Z'),
    });
    expect(docId).toBe('copy-1');
    expect(adapter.docLink(docId, 'preview')).toBe(
      'https://docs.google.com/document/d/copy-1/preview',
    );

    const [copy, update, read] = standIn.requests;
    expect(copy).toMatchObject({ method: 'POST', path: '/drive/v3/files/tpl-standard/copy' });
    expect(copy.query.get('supportsAllDrives')).toBe('true');
    expect(JSON.parse(copy.body)).toEqual({ name: 'Professional Engineering Services Agreement' });
    expect(update.path).toBe('/v1/documents/copy-1:batchUpdate');
    expect(JSON.parse(update.body)).toEqual({
      requests: [
        {
          replaceAllText: {
            containsText: { text: '$engineerFee', matchCase: true },
            replaceText: 'Fee: $cost',
          },
        },
        {
          replaceAllText: {
            containsText: { text: '$cost_total', matchCase: true },
            replaceText: '$1,500.00',
          },
        },
        {
          replaceAllText: {
            containsText: { text: '$full_name', matchCase: true },
            replaceText: 'Maria Alvarez',
          },
        },
        {
          replaceAllText: {
            containsText: { text: '$cost', matchCase: true },
            replaceText: '$1,200.00',
          },
        },
      ],
    });
    expect(read).toMatchObject({ method: 'GET', path: '/v1/documents/copy-1' });
  });

  it('refuses data that leaves placeholders unfilled, deleting the copy', async () => {
    standIn.documentText = 'Dear $full_name, your fee is $fee. $client_signature';
    await expect(
      adapter.copyTemplate({
        templateDocId: 'tpl',
        title: 'T',
        values: {},
        documentDate: new Date(),
      }),
    ).rejects.toMatchObject({
      status: 400,
      message: 'Missing data for the template placeholders: $full_name, $fee',
    });
    expect(standIn.requests.at(-1)).toMatchObject({
      method: 'DELETE',
      path: '/drive/v3/files/copy-1',
    });
  });

  it('answers 404 for an unknown template', async () => {
    await expect(
      adapter.copyTemplate({
        templateDocId: 'missing-template',
        title: 'T',
        values: {},
        documentDate: new Date(),
      }),
    ).rejects.toMatchObject({
      status: 404,
      message: 'Template document missing-template not found',
    });
  });

  it('uploads the images, shares them, and inserts them at the markers from the end backwards', async () => {
    standIn.requests.length = 0;
    await adapter.placeSignature('copy-1', {
      signaturePng: Buffer.from('signature-png'),
      initialsPng: Buffer.from('initials-png'),
      signerName: 'Maria Alvarez',
      signedAt: new Date('2026-03-14T17:26:53Z'),
    });
    const uploads = standIn.requests.filter((r) => r.path === '/upload/drive/v3/files');
    expect(uploads).toHaveLength(2);
    expect(uploads.map((r) => r.query.get('uploadType'))).toEqual(['multipart', 'multipart']);
    expect(uploads.map((r) => r.body).join()).toContain('signature-png');
    const shares = standIn.requests.filter((r) => r.path.endsWith('/permissions'));
    expect(shares.map((r) => JSON.parse(r.body))).toEqual([
      { role: 'reader', type: 'anyone' },
      { role: 'reader', type: 'anyone' },
    ]);

    const update = standIn.requests
      .filter((r) => r.path === '/v1/documents/copy-1:batchUpdate')
      .at(-1);
    const { requests } = JSON.parse(update?.body ?? '{}') as {
      requests: docs_v1.Schema$Request[];
    };
    // "Agreement for Maria. Signature: " is 32 characters and the body starts at index 1.
    const signatureAt = 1 + 'Agreement for Maria. Signature: '.length;
    const initialsAt = 1 + 'Agreement for Maria. Signature: $client_signature Initials: '.length;
    expect(requests[0]).toEqual({
      deleteContentRange: {
        range: { startIndex: initialsAt, endIndex: initialsAt + '$client_initials'.length },
      },
    });
    expect(requests[1].insertInlineImage).toMatchObject({ location: { index: initialsAt } });
    expect(requests[1].insertInlineImage?.uri).toMatch(
      /^https:\/\/drive\.google\.com\/uc\?export=view&id=image-\d$/,
    );
    expect(requests[2]).toEqual({
      deleteContentRange: {
        range: { startIndex: signatureAt, endIndex: signatureAt + '$client_signature'.length },
      },
    });
    expect(requests[3].insertInlineImage).toMatchObject({
      location: { index: signatureAt },
      objectSize: { width: { magnitude: 150, unit: 'PT' }, height: { magnitude: 75, unit: 'PT' } },
    });
    expect(requests[4]).toEqual({
      replaceAllText: {
        containsText: { text: '$signed_date', matchCase: true },
        replaceText: '2026-03-14 10:26:53 PST',
      },
    });

    // Once inserted (the document keeps its own copy), the shared images are deleted from Drive.
    const updateAt = standIn.requests.indexOf(update!);
    const deletions = standIn.requests
      .map((r, index) => ({ ...r, index }))
      .filter((r) => r.method === 'DELETE' && /^\/drive\/v3\/files\/image-\d$/.test(r.path));
    expect(deletions.map((r) => r.path).sort()).toEqual(
      uploadedIds().map((id) => `/drive/v3/files/${id}`),
    );
    expect(deletions.every((r) => r.index > updateAt)).toBe(true);
  });

  /** Ids the stand-in gave the images uploaded since the requests were last cleared. */
  function uploadedIds(): string[] {
    return standIn.requests
      .filter((r) => r.path === '/upload/drive/v3/files')
      .map((_, i) => `image-${i + 1}`)
      .sort();
  }

  it('refuses to sign a document without a signature marker, leaving no image shared', async () => {
    standIn.documentText = 'No markers here';
    standIn.requests.length = 0;
    await expect(
      adapter.placeSignature('copy-1', {
        signaturePng: Buffer.from('s'),
        initialsPng: Buffer.from('i'),
        signerName: 'A',
        signedAt: new Date(),
      }),
    ).rejects.toMatchObject({ status: 400 });
    const shared = standIn.requests
      .filter((r) => r.path.endsWith('/permissions'))
      .map((r) => r.path.split('/')[4]);
    const deleted = standIn.requests
      .filter((r) => r.method === 'DELETE')
      .map((r) => r.path.split('/')[4]);
    expect(shared).toHaveLength(2);
    expect(deleted.sort()).toEqual(shared.sort());
  });

  it('exports the document as PDF', async () => {
    const pdf = await adapter.exportPdf('copy-1');
    expect(pdf.equals(PDF)).toBe(true);
    expect(standIn.requests[0].query.get('mimeType')).toBe('application/pdf');
  });
});
