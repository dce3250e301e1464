import { createHash } from 'node:crypto';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo, Socket } from 'node:net';

/** A deal as the stand-in keeps it: its properties and every stage it entered, in order. */
export interface StandInDeal {
  id: string;
  properties: Record<string, string>;
  /** Stages entered after the first, one entry per change (a PATCH to the same stage adds none). */
  stageMoves: string[];
  /** Every PATCH the deal received. */
  updates: number;
}

export interface StandInFile {
  id: string;
  folder: string;
  /** HubSpot's file name: without its extension. */
  name: string;
  /** Folder, name and extension. */
  path: string;
  size: number;
  sha256: string;
}

export interface StandInNote {
  id: string;
  body: string;
  timestamp: string;
  attachmentIds: string[];
  /** `deals:222`, `contacts:501`, `{projectType}:333`. */
  associations: string[];
}

/**
 * How the next create of a kind fails, as a crash would: `reset-before` drops the connection
 * before anything is stored (the request never reached HubSpot), `reset-after` stores it and
 * drops the connection instead of answering (HubSpot did it; the caller never heard).
 */
export type StandInCrash = 'reset-before' | 'reset-after';

/** `up`; `refused` (not listening: connection refused); `unavailable` (every request 503). */
export type StandInState = 'up' | 'refused' | 'unavailable';

/** HubSpot's own note association types, and the one this stand-in gives notes → projects. */
const NOTE_TO_DEAL = 214;
const NOTE_TO_CONTACT = 202;
const NOTE_TO_PROJECT = 9_001;
const SALES_STAGES = ['appointmentscheduled', 'qualifiedtobuy', 'contractsent', 'closedwon'];
const CHANGE_ORDER_STAGES = ['co_new', 'co_sent', 'co_signed'];
const AT = '2026-01-01T00:00:00.000Z';

/**
 * A HubSpot that keeps what it is told (the CRM fault tests), in HubSpot's request and answer
 * shapes as `HubSpotCrmAdapter` uses them: deals (read, update: stage history kept), the deal
 * pipelines, files (multipart upload into a folder, search by name), notes (create with
 * associations and attachments, search by a token of the body) and note associations. It counts
 * every create, can drop the connection of a create as a crash would (`crashNext`), and can be
 * down (`setState`: connection refused, or 503s) and back on the same port. Requests it does not
 * know are answered 400 and listed in `unexpected`.
 *
 * Used by backend/test/crm-hubspot.integration-spec.ts and, through bench/faults/ts-register.cjs,
 * by bench/faults/run.mjs.
 */
export class HubSpotStandIn {
  readonly deals = new Map<string, StandInDeal>();
  /** Contacts by e-mail: their ids. */
  readonly contacts = new Map<string, string>();
  readonly files: StandInFile[] = [];
  readonly notes: StandInNote[] = [];
  /** Every create that stored something, and every request answered. */
  readonly counts = { fileCreates: 0, noteCreates: 0, requests: 0, refusedOrUnavailable: 0 };
  readonly unexpected: string[] = [];
  url = '';
  /** HubSpot's search index lags its writes: a file or note shows in searches this long after its create. */
  searchLagMs = 0;
  /** When each file and note was stored (by id), for the search lag. */
  private readonly storedAt = new Map<string, number>();
  private server?: Server;
  private port = 0;
  private state: StandInState = 'up';
  private readonly sockets = new Set<Socket>();
  private readonly crashes = { file: [] as StandInCrash[], note: [] as StandInCrash[] };
  private nextId = 9_000_001;

  constructor(private readonly projectType = '2-998877') {}

  /** Listens on `port` (0: any free one); again on the same port after `setState('up')`. */
  async start(port = 0): Promise<void> {
    const server = createServer((req, res) => this.handle(req, res));
    server.on('connection', (socket) => {
      this.sockets.add(socket);
      socket.on('close', () => this.sockets.delete(socket));
    });
    await new Promise<void>((resolve, reject) => {
      server.once('error', reject);
      server.listen(port, '127.0.0.1', () => {
        server.off('error', reject);
        resolve();
      });
    });
    this.server = server;
    this.port = (server.address() as AddressInfo).port;
    this.url = `http://127.0.0.1:${this.port}`;
  }

  async stop(): Promise<void> {
    const server = this.server;
    this.server = undefined;
    if (!server) return;
    await new Promise<void>((resolve) => {
      server.close(() => resolve());
      for (const socket of this.sockets) socket.destroy();
    });
  }

  /** Down (refused or 503s) or back; the data stays. */
  async setState(state: StandInState): Promise<void> {
    if (state === 'refused') await this.stop();
    else if (!this.server) await this.start(this.port);
    this.state = state;
  }

  /** The next create of `kind` fails as `crash` says (then creates work again). */
  crashNext(kind: 'file' | 'note', crash: StandInCrash): void {
    this.crashes[kind].push(crash);
  }

  addDeal(id: string, properties: Record<string, string> = {}): void {
    this.deals.set(id, {
      id,
      properties: {
        dealname: `Deal ${id}`,
        pipeline: 'default',
        dealstage: SALES_STAGES[0],
        ...properties,
      },
      stageMoves: [],
      updates: 0,
    });
  }

  addContact(id: string, email: string): void {
    this.contacts.set(email.toLowerCase(), id);
  }

  /** Files whose name carries `marker`. */
  filesWith(marker: string): StandInFile[] {
    return this.files.filter((file) => file.name.includes(marker));
  }

  /** Notes whose body carries `marker`. */
  notesWith(marker: string): StandInNote[] {
    return this.notes.filter((note) => note.body.includes(marker));
  }

  /** Whether the search index shows the file or note yet. */
  private searchable(id: string): boolean {
    return Date.now() - (this.storedAt.get(id) ?? 0) >= this.searchLagMs;
  }

  private handle(req: IncomingMessage, res: ServerResponse): void {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => {
      this.counts.requests += 1;
      if (this.state !== 'up') {
        this.counts.refusedOrUnavailable += 1;
        return answer(res, 503, { status: 'error', message: 'Service Unavailable' });
      }
      const url = new URL(req.url ?? '/', 'http://stand-in');
      const raw = Buffer.concat(chunks);
      try {
        this.route(req.method ?? '', url, raw, req, res);
      } catch (error) {
        answer(res, 400, { status: 'error', message: (error as Error).message });
      }
    });
  }

  private route(
    method: string,
    url: URL,
    raw: Buffer,
    req: IncomingMessage,
    res: ServerResponse,
  ): void {
    const path = url.pathname;
    const json = () => JSON.parse(raw.toString('utf8') || '{}') as Record<string, unknown>;
    let match: RegExpExecArray | null;
    if (method === 'GET' && path === '/crm/v3/pipelines/deals') {
      return answer(res, 200, {
        results: [
          pipeline('default', 'Sales Pipeline', 0, SALES_STAGES),
          pipeline('change_orders', 'Change Orders', 1, CHANGE_ORDER_STAGES),
        ],
      });
    }
    if ((match = /^\/crm\/v3\/objects\/deals\/([^/]+)$/.exec(path))) {
      const deal = this.deals.get(match[1]);
      if (!deal) return answer(res, 404, { status: 'error', message: 'resource not found' });
      if (method === 'GET') return answer(res, 200, hubspotObject(deal.id, deal.properties));
      if (method === 'PATCH') {
        const properties = (json().properties ?? {}) as Record<string, string>;
        deal.updates += 1;
        if (properties.dealstage && properties.dealstage !== deal.properties.dealstage) {
          deal.stageMoves.push(properties.dealstage);
        }
        Object.assign(deal.properties, properties);
        return answer(res, 200, hubspotObject(deal.id, deal.properties));
      }
    }
    if (method === 'POST' && path === '/crm/v3/objects/contacts/search') {
      const filter = (json() as { filterGroups?: Array<{ filters?: SearchFilter[] }> })
        .filterGroups?.[0]?.filters?.[0];
      if (filter?.propertyName !== 'email' || filter.operator !== 'EQ') {
        throw new Error('contacts are searched by e-mail');
      }
      const id = this.contacts.get((filter.value ?? '').toLowerCase());
      return answer(res, 200, {
        total: id ? 1 : 0,
        results: id ? [hubspotObject(id, { email: filter.value ?? '' })] : [],
      });
    }
    if (method === 'GET' && path === `/crm/v4/associations/notes/${this.projectType}/labels`) {
      return answer(res, 200, {
        results: [{ category: 'USER_DEFINED', typeId: NOTE_TO_PROJECT, label: null }],
      });
    }
    if (method === 'GET' && path === '/files/v3/files/search') {
      const name = url.searchParams.get('name') ?? '';
      const results = this.files
        .filter((file) => file.name === name && this.searchable(file.id))
        .map((file) => ({ id: file.id, name: file.name, path: file.path, size: file.size }));
      return answer(res, 200, { results });
    }
    if (method === 'POST' && path === '/files/v3/files') {
      const form = multipart(raw, String(req.headers['content-type'] ?? ''));
      const fileName = form.fileName?.text;
      const folder = form.folderPath?.text;
      if (!fileName || !folder || !form.file)
        throw new Error('file, fileName and folderPath are required');
      return this.create('file', req, res, () => {
        const file: StandInFile = {
          id: this.id(),
          folder,
          name: fileName.replace(/\.[A-Za-z0-9]+$/, ''),
          path: `${folder.replace(/\/+$/, '')}/${fileName}`,
          size: form.file.bytes.length,
          sha256: createHash('sha256').update(form.file.bytes).digest('hex'),
        };
        this.files.push(file);
        this.storedAt.set(file.id, Date.now());
        this.counts.fileCreates += 1;
        return {
          status: 201,
          body: { id: file.id, name: file.name, path: file.path, size: file.size },
        };
      });
    }
    if (method === 'POST' && path === '/crm/v3/objects/notes/search') {
      const body = json() as { filterGroups?: Array<{ filters?: SearchFilter[] }>; limit?: number };
      const filter = body.filterGroups?.[0]?.filters?.[0];
      if (filter?.propertyName !== 'hs_note_body' || filter.operator !== 'CONTAINS_TOKEN') {
        throw new Error('notes are searched by a token of hs_note_body');
      }
      const found = this.notesWith(filter.value ?? '\u0000').filter((note) =>
        this.searchable(note.id),
      );
      return answer(res, 200, {
        total: found.length,
        // Oldest first, up to the request's limit (HubSpot's default: 10).
        results: found
          .slice(0, body.limit ?? 10)
          .map((note) => hubspotObject(note.id, { hs_note_body: note.body })),
      });
    }
    if (method === 'POST' && path === '/crm/v3/objects/notes') {
      const body = json() as {
        properties?: Record<string, string>;
        associations?: Array<{ to: { id: string }; types: Array<{ associationTypeId: number }> }>;
      };
      const properties = body.properties ?? {};
      if (!properties.hs_note_body || !properties.hs_timestamp) {
        throw new Error('a note needs hs_note_body and hs_timestamp');
      }
      const associations = (body.associations ?? []).map(
        (association) =>
          `${noteTargetType(association.types[0]?.associationTypeId)}:${association.to.id}`,
      );
      return this.create('note', req, res, () => {
        const note: StandInNote = {
          id: this.id(),
          body: properties.hs_note_body,
          timestamp: properties.hs_timestamp,
          attachmentIds: (properties.hs_attachment_ids ?? '').split(';').filter(Boolean),
          associations,
        };
        this.notes.push(note);
        this.storedAt.set(note.id, Date.now());
        this.counts.noteCreates += 1;
        return { status: 201, body: hubspotObject(note.id, properties) };
      });
    }
    if (
      method === 'PUT' &&
      (match = /^\/crm\/v4\/objects\/notes\/([^/]+)\/associations\/default\/([^/]+)\/([^/]+)$/.exec(
        path,
      ))
    ) {
      const note = this.notes.find((candidate) => candidate.id === match![1]);
      if (!note) return answer(res, 404, { status: 'error', message: 'resource not found' });
      const target = `${match[2] === this.projectType ? 'projects' : match[2]}:${match[3]}`;
      if (!note.associations.includes(target)) note.associations.push(target);
      return answer(res, 200, { status: 'COMPLETE', results: [] });
    }
    this.unexpected.push(`${method} ${path}${url.search}`);
    answer(res, 400, { status: 'error', message: `the stand-in does not know ${method} ${path}` });
  }

  /** A create, unless a crash is due: then the connection drops before or after it is stored. */
  private create(
    kind: 'file' | 'note',
    req: IncomingMessage,
    res: ServerResponse,
    store: () => { status: number; body: unknown },
  ): void {
    const crash = this.crashes[kind].shift();
    if (crash === 'reset-before') return void req.socket.destroy();
    const { status, body } = store();
    if (crash === 'reset-after') return void req.socket.destroy();
    answer(res, status, body);
  }

  private id(): string {
    return String(this.nextId++);
  }
}

interface SearchFilter {
  propertyName?: string;
  operator?: string;
  value?: string;
}

function noteTargetType(typeId: number | undefined): string {
  if (typeId === NOTE_TO_DEAL) return 'deals';
  if (typeId === NOTE_TO_CONTACT) return 'contacts';
  if (typeId === NOTE_TO_PROJECT) return 'projects';
  throw new Error(`no note association type ${String(typeId)}`);
}

function answer(res: ServerResponse, status: number, body: unknown): void {
  res.writeHead(status, { 'content-type': 'application/json' });
  res.end(JSON.stringify(body));
}

function hubspotObject(id: string, properties: Record<string, string>) {
  return { id, properties, createdAt: AT, updatedAt: AT, archived: false };
}

function pipeline(id: string, label: string, displayOrder: number, stages: string[]) {
  return {
    id,
    label,
    displayOrder,
    archived: false,
    createdAt: AT,
    updatedAt: AT,
    stages: stages.map((stage, order) => ({
      id: stage,
      label: stage,
      displayOrder: order,
      archived: false,
      metadata: {},
      createdAt: AT,
      updatedAt: AT,
    })),
  };
}

/** The parts of a multipart/form-data body by name: text, and the bytes as sent. */
function multipart(
  raw: Buffer,
  contentType: string,
): Record<string, { text: string; bytes: Buffer }> {
  const boundary = /boundary=(?:"([^"]+)"|([^;]+))/.exec(contentType);
  if (!boundary) throw new Error('multipart/form-data with a boundary expected');
  const delimiter = Buffer.from(`--${boundary[1] ?? boundary[2]}`);
  const parts: Record<string, { text: string; bytes: Buffer }> = {};
  let start = raw.indexOf(delimiter);
  while (start !== -1) {
    const next = raw.indexOf(delimiter, start + delimiter.length);
    if (next === -1) break;
    const part = raw.subarray(start + delimiter.length + 2, next - 2);
    const split = part.indexOf('\r\n\r\n');
    const headers = part.subarray(0, split).toString('utf8');
    const name = /name="([^"]+)"/.exec(headers)?.[1];
    if (name) {
      const bytes = part.subarray(split + 4);
      parts[name] = { text: bytes.toString('utf8'), bytes };
    }
    start = next;
  }
  return parts;
}
