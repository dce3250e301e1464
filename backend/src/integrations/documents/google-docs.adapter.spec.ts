import { createVerify, generateKeyPairSync } from 'node:crypto';
import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { loadConfig } from '../../platform/config/load-config';
import { GOOGLE_ONE_SIGNER_ONLY, GoogleDocsAdapter } from './google-docs.adapter';
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

type Fault = 'none' | 'status500' | 'drop' | 'applyThenDrop';

interface DriveFile {
  name: string;
  appProperties: Record<string, string>;
  sharedByLink: boolean;
}

interface NamedRange {
  id: string;
  name: string;
  startIndex: number;
  endIndex: number;
}

/** An inline image in the stand-in's document: one index long, like Google's. */
const IMAGE = /^<image (.+)>$/;

/**
 * A local stand-in for the Docs and Drive APIs: checks every request carries a
 * JWT signed by the service account with the Docs and Drive scopes, records it,
 * and answers like Google does. It keeps state: one document (`copy-1`) whose
 * batchUpdates apply atomically (all requests or none, `requiredRevisionId`
 * checked) to its text, inline images and named ranges, and the Drive files
 * uploaded, with their appProperties, listed by the `q` filter.
 */
class GoogleStandIn {
  readonly requests: Recorded[] = [];
  authFailures: string[] = [];
  /** The document body from index 1: one character, or one `<image URI>`, per index. */
  cells: string[] = [];
  namedRanges: NamedRange[] = [];
  revision = 1;
  readonly files = new Map<string, DriveFile>();
  /** What the next documents.batchUpdate does instead of answering normally. */
  batchUpdateFault: Fault = 'none';
  /** Someone edits the document between the adapter's read and its batchUpdate. */
  editBeforeNextBatchUpdate = false;
  /** Image deletions refused (403): what a process killed before its `finally` leaves behind. */
  refuseImageDeletes = false;
  private uploads = 0;
  private server?: Server;

  /** The document's text, each inline image shown as `[file id]`. */
  get documentText(): string {
    return this.cells
      .map((cell) => {
        const uri = IMAGE.exec(cell)?.[1];
        return uri ? `[${new URL(uri).searchParams.get('id')}]` : cell;
      })
      .join('');
  }

  set documentText(text: string) {
    this.cells = [...text];
    this.namedRanges = [];
  }

  reset(text: string): void {
    this.requests.length = 0;
    this.authFailures = [];
    this.documentText = text;
    this.revision = 1;
    this.files.clear();
    this.uploads = 0;
    this.batchUpdateFault = 'none';
    this.editBeforeNextBatchUpdate = false;
    this.refuseImageDeletes = false;
  }

  /** Requests since the requests were last cleared, by method and path. */
  sent(method: string, path: RegExp): Recorded[] {
    return this.requests.filter((r) => r.method === method && path.test(r.path));
  }

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
        const recorded = {
          method: req.method ?? '',
          path: url.pathname,
          query: url.searchParams,
          body,
        };
        this.requests.push(recorded);
        const answer = this.answer(recorded);
        // The connection drops before any answer: the caller cannot tell what happened.
        if (answer === 'drop') return void req.socket.destroy();
        const [status, payload, type] = answer;
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

  private answer({
    method,
    path,
    query,
    body,
  }: Recorded): [number, string | Buffer, string] | 'drop' {
    const json = (status: number, value: unknown): [number, string, string] => [
      status,
      JSON.stringify(value),
      'application/json',
    ];
    const error = (status: number, message: string) =>
      json(status, { error: { code: status, message } });
    if (method === 'POST' && path === '/drive/v3/files/missing-template/copy') {
      return error(404, 'File not found: missing-template.');
    }
    if (method === 'POST' && /^\/drive\/v3\/files\/[^/]+\/copy$/.test(path))
      return json(200, { id: 'copy-1' });
    if (method === 'POST' && path === '/v1/documents/copy-1:batchUpdate') {
      const fault = this.batchUpdateFault;
      this.batchUpdateFault = 'none';
      if (fault === 'status500') return error(500, 'Internal error encountered.');
      if (fault === 'drop') return 'drop';
      if (this.editBeforeNextBatchUpdate) {
        this.editBeforeNextBatchUpdate = false;
        this.splice(1, 0, [...'Edited. ']);
        this.revision += 1;
      }
      const refused = this.batchUpdate(
        JSON.parse(body) as docs_v1.Schema$BatchUpdateDocumentRequest,
      );
      if (refused) return error(400, refused);
      return fault === 'applyThenDrop' ? 'drop' : json(200, { replies: [] });
    }
    if (method === 'GET' && path === '/v1/documents/copy-1') return json(200, this.document());
    if (method === 'DELETE' && path === '/drive/v3/files/copy-1') return [204, '', 'text/plain'];
    if (method === 'POST' && path === '/upload/drive/v3/files') {
      // Multipart: the metadata is the JSON line of the first part.
      const metadata = JSON.parse(/^\{.*\}$/m.exec(body)?.[0] ?? '{}') as Partial<DriveFile>;
      const id = `image-${++this.uploads}`;
      this.files.set(id, {
        name: metadata.name ?? '',
        appProperties: metadata.appProperties ?? {},
        sharedByLink: false,
      });
      return json(200, { id });
    }
    const permissions = /^\/drive\/v3\/files\/([^/]+)\/permissions$/.exec(path);
    if (method === 'POST' && permissions) {
      const file = this.files.get(permissions[1]);
      if (!file) return error(404, `File not found: ${permissions[1]}.`);
      file.sharedByLink = true;
      return json(200, { id: 'anyoneWithLink' });
    }
    const image = /^\/drive\/v3\/files\/(image-\d+)$/.exec(path);
    if (method === 'DELETE' && image) {
      if (this.refuseImageDeletes)
        return error(403, 'The user does not have sufficient permissions.');
      if (!this.files.delete(image[1])) return error(404, `File not found: ${image[1]}.`);
      return [204, '', 'text/plain'];
    }
    if (method === 'GET' && path === '/drive/v3/files') return this.list(query);
    if (method === 'GET' && path === '/drive/v3/files/copy-1/export')
      return [200, PDF, 'application/pdf'];
    return error(404, `stand-in has no ${method} ${path}`);
  }

  /** files.list for the one filter the adapter sends; any other `q` is refused like Google would not. */
  private list(query: URLSearchParams): [number, string, string] {
    const filter =
      /^appProperties has \{ key='(\w+)' and value='((?:[^'\\]|\\.)*)' \} and trashed=false$/.exec(
        query.get('q') ?? '',
      );
    if (!filter || query.get('includeItemsFromAllDrives') !== 'true') {
      return [
        400,
        JSON.stringify({ error: { code: 400, message: 'stand-in: unexpected list' } }),
        'application/json',
      ];
    }
    const [, key, quoted] = filter;
    const value = quoted.replace(/\\(.)/g, '$1');
    const files = [...this.files]
      .filter(([, file]) => file.appProperties[key] === value)
      .map(([id]) => ({ id }));
    return [200, JSON.stringify({ files }), 'application/json'];
  }

  private document(): docs_v1.Schema$Document {
    const elements: docs_v1.Schema$ParagraphElement[] = [];
    let text = '';
    const flush = (end: number) => {
      if (text)
        elements.push({ startIndex: end - text.length, endIndex: end, textRun: { content: text } });
      text = '';
    };
    this.cells.forEach((cell, i) => {
      if (!IMAGE.test(cell)) return void (text += cell);
      flush(i + 1);
      elements.push({
        startIndex: i + 1,
        endIndex: i + 2,
        inlineObjectElement: { inlineObjectId: `kix.${i}` },
      });
    });
    flush(this.cells.length + 1);
    const namedRanges: Record<string, docs_v1.Schema$NamedRanges> = {};
    for (const range of this.namedRanges) {
      namedRanges[range.name] ??= { name: range.name, namedRanges: [] };
      namedRanges[range.name].namedRanges?.push({
        namedRangeId: range.id,
        name: range.name,
        ranges: [{ startIndex: range.startIndex, endIndex: range.endIndex }],
      });
    }
    return {
      documentId: 'copy-1',
      revisionId: `rev-${this.revision}`,
      body: { content: [{ paragraph: { elements } }] },
      ...(this.namedRanges.length > 0 ? { namedRanges } : {}),
    };
  }

  /** Applies every request or none, like Google; returns why it refused, if it did. */
  private batchUpdate(request: docs_v1.Schema$BatchUpdateDocumentRequest): string | undefined {
    const required = request.writeControl?.requiredRevisionId;
    if (required && required !== `rev-${this.revision}`) {
      return `The required revision ID ${required} is not the latest revision`;
    }
    const saved = { cells: [...this.cells], namedRanges: this.namedRanges.map((r) => ({ ...r })) };
    const inBody = (start: number, end: number) =>
      start >= 1 && end <= this.cells.length + 1 && start <= end;
    const rangeOf = (range?: docs_v1.Schema$Range) => ({
      startIndex: range?.startIndex ?? 0,
      endIndex: range?.endIndex ?? 0,
    });
    try {
      for (const [i, r] of (request.requests ?? []).entries()) {
        if (r.deleteContentRange) {
          const { startIndex, endIndex } = rangeOf(r.deleteContentRange.range);
          if (!inBody(startIndex, endIndex) || startIndex === endIndex)
            throw new Error(`requests[${i}]: bad range`);
          this.splice(startIndex, endIndex - startIndex, []);
        } else if (r.insertInlineImage) {
          const uri = r.insertInlineImage.uri ?? '';
          const index = r.insertInlineImage.location?.index ?? 0;
          if (!inBody(index, index)) throw new Error(`requests[${i}]: bad index`);
          // Google fetches the image now: it must be there and readable by link.
          const file = this.files.get(new URL(uri).searchParams.get('id') ?? '');
          if (!file?.sharedByLink)
            throw new Error(`requests[${i}]: image ${uri} cannot be retrieved`);
          this.splice(index, 0, [`<image ${uri}>`]);
        } else if (r.createNamedRange) {
          const { startIndex, endIndex } = rangeOf(r.createNamedRange.range);
          if (!inBody(startIndex, endIndex) || startIndex === endIndex)
            throw new Error(`requests[${i}]: bad range`);
          this.namedRanges.push({
            id: `kix.range-${this.namedRanges.length + 1}`,
            name: r.createNamedRange.name ?? '',
            startIndex,
            endIndex,
          });
        } else if (r.replaceAllText) {
          const find = r.replaceAllText.containsText?.text ?? '';
          const replacement = [...(r.replaceAllText.replaceText ?? '')];
          const text = this.cells.map((cell) => (IMAGE.test(cell) ? '\uFFFC' : cell)).join('');
          const found: number[] = [];
          for (
            let at = text.indexOf(find);
            find && at !== -1;
            at = text.indexOf(find, at + find.length)
          ) {
            found.push(at);
          }
          for (const at of found.reverse()) this.splice(at + 1, find.length, replacement);
        } else {
          throw new Error(`requests[${i}]: the stand-in does not know ${Object.keys(r).join()}`);
        }
      }
    } catch (error) {
      this.cells = saved.cells;
      this.namedRanges = saved.namedRanges;
      return (error as Error).message;
    }
    this.revision += 1;
    return undefined;
  }

  /** Edits the body at `index` (1-based), moving named ranges like Google does; an emptied one goes. */
  private splice(index: number, deleteCount: number, insert: string[]): void {
    this.cells.splice(index - 1, deleteCount, ...insert);
    const deletedEnd = index + deleteCount;
    const shift = insert.length - deleteCount;
    // A range starting where text is inserted begins after it; one ending there does not grow.
    const start = (at: number) =>
      at < index ? at : at >= deletedEnd ? at + shift : index + insert.length;
    const end = (at: number) => (at <= index ? at : at >= deletedEnd ? at + shift : index);
    this.namedRanges = this.namedRanges
      .map((range) => ({
        ...range,
        startIndex: start(range.startIndex),
        endIndex: end(range.endIndex),
      }))
      .filter((range) => range.endIndex > range.startIndex);
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

  const TEXT = 'Agreement for Maria. Signature: $client_signature Initials: $client_initials';
  const PLACEMENT = {
    signaturePng: Buffer.from('signature-png'),
    initialsPng: Buffer.from('initials-png'),
    signerName: 'Maria Alvarez',
    signedAt: new Date('2026-03-14T17:26:53Z'),
  };

  beforeEach(() => standIn.reset(TEXT));

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

  it('deletes the copy when filling it fails', async () => {
    standIn.batchUpdateFault = 'status500';
    await expect(
      adapter.copyTemplate({
        templateDocId: 'tpl',
        title: 'T',
        values: {},
        documentDate: new Date(),
      }),
    ).rejects.toMatchObject({ status: 502 });
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

  it.each([
    [
      'two signers',
      {
        signers: [
          { recipientId: 'signer-1', name: 'Maria Alvarez' },
          { recipientId: 'signer-2', name: 'Luis Alvarez' },
        ],
      },
    ],
    [
      'a countersigner',
      {
        signers: [{ recipientId: 'signer-1', name: 'Maria Alvarez' }],
        countersigner: { recipientId: 'firm-1', name: 'Dana Whitfield' },
      },
    ],
  ])('refuses %s with a clear 400 before copying anything', async (_case, signatureParties) => {
    await expect(
      adapter.copyTemplate({
        templateDocId: 'tpl-standard',
        title: 'T',
        values: {},
        documentDate: new Date(),
        signatureParties,
      }),
    ).rejects.toMatchObject({ status: 400, message: GOOGLE_ONE_SIGNER_ONLY });
    expect(standIn.requests).toEqual([]);
  });

  it('refuses setting several signers on a document, and has nothing to change for one', async () => {
    await expect(
      adapter.setSignatureParties('copy-1', {
        signers: [
          { recipientId: 'signer-1', name: 'Maria Alvarez' },
          { recipientId: 'signer-2', name: 'Luis Alvarez' },
        ],
      }),
    ).rejects.toMatchObject({ status: 400, message: GOOGLE_ONE_SIGNER_ONLY });
    await expect(
      adapter.setSignatureParties('copy-1', {
        signers: [{ recipientId: 'signer-1', name: 'Maria Alvarez' }],
      }),
    ).resolves.toEqual({ revision: 1 });
    expect(standIn.requests).toEqual([]);
  });

  it('uploads the images, shares them, and inserts them at the markers from the end backwards', async () => {
    standIn.documentText = `${TEXT} Signed: $signed_date`;
    await adapter.placeSignature('copy-1', PLACEMENT);
    const uploads = standIn.sent('POST', /^\/upload\/drive\/v3\/files$/);
    expect(uploads).toHaveLength(2);
    expect(uploads.map((r) => r.query.get('uploadType'))).toEqual(['multipart', 'multipart']);
    expect(uploads.map((r) => r.body).join()).toContain('signature-png');
    // Each image names its document, so a repeat after a crash finds it.
    expect(uploads.map((r) => r.body).join()).toContain(
      '"appProperties":{"prosignSignatureFor":"copy-1"}',
    );
    const shares = standIn.sent('POST', /\/permissions$/);
    expect(shares.map((r) => JSON.parse(r.body))).toEqual([
      { role: 'reader', type: 'anyone' },
      { role: 'reader', type: 'anyone' },
    ]);

    const updates = standIn.sent('POST', /^\/v1\/documents\/copy-1:batchUpdate$/);
    expect(updates).toHaveLength(1);
    const { requests, writeControl } = JSON.parse(
      updates[0].body,
    ) as docs_v1.Schema$BatchUpdateDocumentRequest & { requests: docs_v1.Schema$Request[] };
    // The indexes are those of the revision read, and only valid there.
    expect(writeControl).toEqual({ requiredRevisionId: 'rev-1' });
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
    // In the same atomic batch: the proof, for a repeat, that the signature is in.
    expect(requests[4]).toEqual({
      createNamedRange: {
        name: 'prosign-signature-placed',
        range: { startIndex: signatureAt, endIndex: signatureAt + 1 },
      },
    });
    expect(requests[5]).toEqual({
      replaceAllText: {
        containsText: { text: '$signed_date', matchCase: true },
        replaceText: '2026-03-14 10:26:53 PST',
      },
    });
    expect(requests).toHaveLength(6);
    const signatureImage = /id=(image-\d)$/.exec(requests[3].insertInlineImage?.uri ?? '')?.[1];
    const initialsImage = /id=(image-\d)$/.exec(requests[1].insertInlineImage?.uri ?? '')?.[1];
    expect(standIn.documentText).toBe(
      `Agreement for Maria. Signature: [${signatureImage}] Initials: [${initialsImage}] Signed: 2026-03-14 10:26:53 PST`,
    );
    expect(standIn.namedRanges).toMatchObject([
      { name: 'prosign-signature-placed', startIndex: signatureAt, endIndex: signatureAt + 1 },
    ]);

    // Once inserted (the document keeps its own copy), the shared images are deleted from Drive.
    const updateAt = standIn.requests.indexOf(updates[0]);
    const deletions = standIn.requests
      .map((r, index) => ({ ...r, index }))
      .filter((r) => r.method === 'DELETE' && /^\/drive\/v3\/files\/image-\d$/.test(r.path));
    expect(deletions.map((r) => r.path).sort()).toEqual([
      '/drive/v3/files/image-1',
      '/drive/v3/files/image-2',
    ]);
    expect(deletions.every((r) => r.index > updateAt)).toBe(true);
    expect([...standIn.files.keys()]).toEqual([]);
  });

  it('repeated after the batch applied (then a crash): no upload, no second batch, leftovers deleted', async () => {
    // The batch applies but the answer never comes, and the process dies before its `finally`.
    standIn.batchUpdateFault = 'applyThenDrop';
    standIn.refuseImageDeletes = true;
    await expect(adapter.placeSignature('copy-1', PLACEMENT)).rejects.toMatchObject({
      status: 502,
    });
    const placed = standIn.documentText;
    expect(placed).toBe('Agreement for Maria. Signature: [image-1] Initials: [image-2]');
    expect([...standIn.files.values()].map((file) => file.sharedByLink)).toEqual([true, true]);

    standIn.refuseImageDeletes = false;
    standIn.requests.length = 0;
    await adapter.placeSignature('copy-1', PLACEMENT);
    expect(standIn.sent('POST', /^\/upload\//)).toEqual([]);
    expect(standIn.sent('POST', /:batchUpdate$/)).toEqual([]);
    expect(
      standIn
        .sent('DELETE', /./)
        .map((r) => r.path)
        .sort(),
    ).toEqual(['/drive/v3/files/image-1', '/drive/v3/files/image-2']);
    expect([...standIn.files.keys()]).toEqual([]);
    expect(standIn.documentText).toBe(placed);
    expect(standIn.namedRanges).toHaveLength(1);

    // And again: nothing left to do.
    standIn.requests.length = 0;
    await adapter.placeSignature('copy-1', PLACEMENT);
    expect(standIn.requests.map((r) => `${r.method} ${r.path}`)).toEqual([
      'GET /drive/v3/files',
      'GET /v1/documents/copy-1',
    ]);
  });

  it.each([
    ['answers 500', 'status500'],
    ['drops the connection', 'drop'],
  ] as const)(
    'repeated after the batch %s (then a crash): deletes the leftover images and places the signature once',
    async (_, fault) => {
      standIn.batchUpdateFault = fault;
      standIn.refuseImageDeletes = true;
      await expect(adapter.placeSignature('copy-1', PLACEMENT)).rejects.toMatchObject({
        status: 502,
      });
      expect(standIn.documentText).toBe(TEXT);
      expect([...standIn.files.keys()]).toEqual(['image-1', 'image-2']);

      standIn.refuseImageDeletes = false;
      standIn.requests.length = 0;
      await adapter.placeSignature('copy-1', PLACEMENT);
      const list = standIn.requests[0];
      expect(list).toMatchObject({ method: 'GET', path: '/drive/v3/files' });
      expect(list.query.get('q')).toBe(
        "appProperties has { key='prosignSignatureFor' and value='copy-1' } and trashed=false",
      );
      expect(list.query.get('supportsAllDrives')).toBe('true');
      // The leftovers go before anything new is uploaded.
      const firstUpload = standIn.requests.findIndex((r) => r.path.startsWith('/upload/'));
      expect(
        standIn.requests
          .slice(0, firstUpload)
          .filter((r) => r.method === 'DELETE')
          .map((r) => r.path)
          .sort(),
      ).toEqual(['/drive/v3/files/image-1', '/drive/v3/files/image-2']);
      expect(standIn.sent('POST', /:batchUpdate$/)).toHaveLength(1);
      expect(standIn.documentText).toBe(
        'Agreement for Maria. Signature: [image-3] Initials: [image-4]',
      );
      expect(standIn.namedRanges).toHaveLength(1);
      expect([...standIn.files.keys()]).toEqual([]);
    },
  );

  it('refuses the batch if the document changed since it was read, and places it on the retry', async () => {
    standIn.editBeforeNextBatchUpdate = true;
    await expect(adapter.placeSignature('copy-1', PLACEMENT)).rejects.toMatchObject({
      status: 502,
    });
    expect(standIn.documentText).toBe(`Edited. ${TEXT}`);
    expect([...standIn.files.keys()]).toEqual([]);

    await adapter.placeSignature('copy-1', PLACEMENT);
    expect(standIn.documentText).toBe(
      'Edited. Agreement for Maria. Signature: [image-3] Initials: [image-4]',
    );
  });

  it('refuses to sign a document without a signature marker, uploading nothing', async () => {
    standIn.documentText = 'No markers here';
    await expect(adapter.placeSignature('copy-1', PLACEMENT)).rejects.toMatchObject({
      status: 400,
    });
    expect(standIn.sent('POST', /^\/upload\//)).toEqual([]);
    expect(standIn.sent('POST', /:batchUpdate$/)).toEqual([]);
    expect([...standIn.files.keys()]).toEqual([]);
  });

  it('exports the document as PDF', async () => {
    const pdf = await adapter.exportPdf('copy-1');
    expect(pdf.equals(PDF)).toBe(true);
    expect(standIn.requests[0].query.get('mimeType')).toBe('application/pdf');
  });
});
