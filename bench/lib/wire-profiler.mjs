// A MongoDB wire-protocol relay that times every command between the
// processes under test and the database, grouped by command, collection and
// filter shape. Used by bench/signers and bench/dashboard with BENCH_PROFILE=1 to
// show where the database's time goes and how the embedded FerretDB answers each
// filter: after the run, every filter other than an `_id` lookup is explained by
// the server itself (`filterPushdown` and SQLite's plan), since the repository's
// build reads equalities on declared indexes from them (tools/embedded-mongo/patches)
// where stock FerretDB v1.24 reads and decodes every document of the collection.
// The time measured includes the wait behind other writes in the embedded
// server's write serializer (tools/embedded-mongo/proxy.go).
import { appendFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import net from 'node:net';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { ROOT } from '../../scripts/lib/setup.mjs';

const require = createRequire(import.meta.url);
const { BSON, MongoClient } = require(path.join(ROOT, 'node_modules/mongodb'));

const OP_MSG = 2013;

/** Splits a byte stream into whole wire messages. */
function messageSplitter(onMessage) {
  let buffered = Buffer.alloc(0);
  return (chunk) => {
    buffered = buffered.length ? Buffer.concat([buffered, chunk]) : chunk;
    while (buffered.length >= 16) {
      const length = buffered.readInt32LE(0);
      if (buffered.length < length) break;
      onMessage(buffered.subarray(0, length));
      buffered = buffered.subarray(length);
    }
  };
}

/** The body and document sequences of an OP_MSG. */
function parseOpMsg(msg) {
  if (msg.readInt32LE(12) !== OP_MSG) return null;
  let body = null;
  const sequences = {};
  let i = 20;
  while (i < msg.length) {
    const kind = msg[i];
    if (kind === 0) {
      const size = msg.readInt32LE(i + 1);
      body = BSON.deserialize(msg.subarray(i + 1, i + 1 + size), { promoteValues: false });
      i += 1 + size;
    } else if (kind === 1) {
      const size = msg.readInt32LE(i + 1);
      const end = i + 1 + size;
      let j = i + 5;
      const nameEnd = msg.indexOf(0, j);
      const name = msg.toString('utf8', j, nameEnd);
      j = nameEnd + 1;
      const docs = [];
      while (j < end) {
        const docSize = msg.readInt32LE(j);
        docs.push(BSON.deserialize(msg.subarray(j, j + docSize), { promoteValues: false }));
        j += docSize;
      }
      sequences[name] = docs;
      i = end;
    } else {
      break; // checksum or unknown
    }
  }
  return body ? { body, sequences } : null;
}

const typeOf = (value) => {
  if (value === null || value === undefined) return 'null';
  const bsontype = value._bsontype;
  if (bsontype) return bsontype === 'ObjectId' ? 'ObjectId' : bsontype.toLowerCase();
  if (typeof value === 'string') return 'string';
  if (value instanceof Date) return 'date';
  if (Array.isArray(value)) return 'array';
  return typeof value;
};

/** `{_id, headHash, status:$in}`: the keys of a filter and the operator each uses. */
function shapeOf(filter) {
  if (!filter || typeof filter !== 'object') return '';
  const parts = Object.entries(filter).map(([key, value]) => {
    if (key === '$or' || key === '$and') return `${key}[${(value ?? []).length}]`;
    if (value && typeof value === 'object' && !value._bsontype && !(value instanceof Date)) {
      const ops = Object.keys(value).filter((k) => k.startsWith('$'));
      if (ops.length) return `${key}:${ops.join(',')}`;
    }
    return key;
  });
  return `{${parts.join(', ')}}`;
}

/**
 * Whether the repository's FerretDB build reads this filter from the `_id` index: an `_id`
 * equality (string or ObjectId) among the filter's top-level fields
 * (tools/embedded-mongo/patches). Other filters are explained by the server after the run.
 */
function pushedDown(filter) {
  if (!filter || typeof filter !== 'object') return false;
  return ['string', 'ObjectId'].includes(typeOf(filter._id));
}

/**
 * A traced command's filter and projection or update keys, shortened. Keys as long as a signing
 * token (32 characters of base64url) are written as `<key>`: the trace is a file on disk, and a
 * signing token appears only in its signer's link.
 */
function traceDetail(body, filter) {
  const short = (value) =>
    JSON.stringify(value ?? null)
      ?.replace(/[A-Za-z0-9_-]{32,}/g, '<key>')
      .slice(0, 160);
  const update = body.update ?? (body.updates ?? [])[0]?.u;
  return `${short(filter)} ${body.projection ? `proj ${short(body.projection)}` : ''}${
    update ? ` upd ${short(Object.keys(update))}` : ''
  }`;
}

/**
 * The command the server explains for a traced one. FerretDB queries findAndModify, update,
 * delete and distinct by their filter alone (sort and limit applied after), as a find without
 * them; find, count and aggregate are explained as they came.
 */
function explainable(command, collection, body, filter) {
  if (command === 'find') {
    const { sort, limit, skip } = body;
    return {
      find: collection,
      filter,
      ...(sort ? { sort } : {}),
      ...(limit ? { limit } : {}),
      ...(skip ? { skip } : {}),
    };
  }
  if (command === 'count') return { count: collection, query: filter };
  if (command === 'aggregate')
    return { aggregate: collection, pipeline: body.pipeline, cursor: {} };
  return { find: collection, filter };
}

/**
 * How the server answers an explained filter: from an index (named as in SQLite's plan),
 * pushed to SQLite but scanned there, or read and decoded in Go (SCAN).
 */
function accessOf(explained) {
  if (explained.filterPushdown !== true) return 'SCAN';
  const search = JSON.stringify(explained.queryPlanner ?? '').match(
    /SEARCH (\S+) USING (?:COVERING )?INDEX ([^\s"]+)/,
  );
  if (!search) return 'SCAN in SQLite';
  // SQLite names an index after its table (`crm_notes_902c7625_marker_1`): the rest is the key.
  const [, table, index] = search;
  const key = index.startsWith(table) ? index.slice(table.length + 1) : index;
  return `index ${key.length > 40 ? `${key.slice(0, 39)}…` : key}`;
}

/** Command, collection and filter of a request body; null for handshakes and the like. */
function describe({ body, sequences }) {
  const command = Object.keys(body)[0];
  const collection = body[command];
  const filterOf = {
    find: () => body.filter ?? {},
    findAndModify: () => body.query ?? {},
    count: () => body.query ?? {},
    distinct: () => body.query ?? {},
    update: () => (body.updates ?? sequences.updates ?? [])[0]?.q ?? {},
    delete: () => (body.deletes ?? sequences.deletes ?? [])[0]?.q ?? {},
    aggregate: () => (body.pipeline ?? []).find((stage) => stage.$match)?.$match ?? {},
  }[command];
  if (command === 'insert') {
    const docs = body.documents ?? sequences.documents ?? [];
    return { command, collection, shape: `(${docs.length} docs)`, access: 'insert' };
  }
  if (!filterOf || typeof collection !== 'string') return null;
  const filter = filterOf();
  const multi = command === 'update' && (body.updates ?? sequences.updates ?? [])[0]?.multi;
  let access = pushedDown(filter) ? 'by _id' : 'not explained';
  if (command === 'find' && Object.keys(filter).length === 0 && body.limit && !body.sort) {
    access = 'natural+limit';
  }
  return {
    command: multi ? 'update(multi)' : command,
    collection,
    shape: shapeOf(filter),
    access,
    ...(access === 'not explained'
      ? { database: body.$db, explain: explainable(command, collection, body, filter) }
      : {}),
    ...(process.env.BENCH_PROFILE_TRACE ? { detail: traceDetail(body, filter) } : {}),
  };
}

/**
 * Listens on a free loopback port and relays to `upstream` (host:port), timing
 * each command from request to reply. Returns {port, report(), reset(), close()}.
 */
export async function startWireProfiler(upstream) {
  const [upstreamHost, upstreamPort] = upstream.split(':');
  const groups = new Map();
  let recording = true;
  // BENCH_PROFILE_TRACE=<file>: every command in order, one JSON line each (which call
  // issued which read, for a run of a few signers).
  const traceFile = process.env.BENCH_PROFILE_TRACE;
  const record = (what, ms) => {
    if (!recording) return;
    if (traceFile) {
      // The command kept for the explain holds the filter's values as sent (a signing link's
      // key among them, maybe): never written out, only `detail`, whose keys are masked.
      const { command, collection, shape, access, detail } = what;
      const line = { ms: Math.round(ms), command, collection, shape, access, detail };
      appendFileSync(traceFile, `${JSON.stringify(line)}\n`);
    }
    const key = `${what.command}|${what.collection}|${what.shape}`;
    let group = groups.get(key);
    if (!group) groups.set(key, (group = { ...what, times: [] }));
    group.times.push(ms);
  };
  const sockets = new Set();
  const server = net.createServer((client) => {
    const db = net.connect(Number(upstreamPort), upstreamHost);
    sockets.add(client).add(db);
    const pending = new Map();
    client.on(
      'data',
      messageSplitter((msg) => {
        try {
          const parsed = parseOpMsg(msg);
          const what = parsed && describe(parsed);
          if (what) pending.set(msg.readInt32LE(4), { what, started: performance.now() });
        } catch {
          // not ours to judge: relay it anyway
        }
        db.write(msg);
      }),
    );
    db.on(
      'data',
      messageSplitter((msg) => {
        const request = pending.get(msg.readInt32LE(8));
        if (request) {
          pending.delete(msg.readInt32LE(8));
          record(request.what, performance.now() - request.started);
        }
        client.write(msg);
      }),
    );
    const end = () => {
      client.destroy();
      db.destroy();
      sockets.delete(client);
      sockets.delete(db);
    };
    client.on('error', end);
    db.on('error', end);
    client.on('close', end);
    db.on('close', end);
  });
  await new Promise((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    port: server.address().port,
    reset() {
      groups.clear();
    },
    stop() {
      recording = false;
    },
    /**
     * Asks the server how it answers each recorded filter other than an `_id` lookup (one
     * explain per group, after the run, so the figures above are not touched by it).
     */
    async explainAccess() {
      const client = new MongoClient(`mongodb://${upstream}/?directConnection=true`);
      try {
        for (const group of groups.values()) {
          if (!group.explain) continue;
          try {
            const explained = await client
              .db(String(group.database))
              .command({ explain: group.explain, verbosity: 'queryPlanner' });
            group.access = accessOf(explained);
          } catch (error) {
            group.access = `not explained (${error.codeName ?? error.message})`;
          }
        }
      } finally {
        await client.close();
      }
    },
    /** Groups by total time, each with count, total and p50/max in ms. */
    report() {
      return [...groups.values()]
        .map((g) => {
          const sorted = [...g.times].sort((a, b) => a - b);
          const total = sorted.reduce((sum, t) => sum + t, 0);
          return {
            command: g.command,
            collection: g.collection,
            filter: g.shape,
            access: g.access,
            count: sorted.length,
            totalS: total / 1000,
            p50Ms: sorted[Math.floor((sorted.length - 1) / 2)],
            maxMs: sorted.at(-1),
          };
        })
        .sort((a, b) => b.totalS - a.totalS);
    },
    /** Stops listening and cuts the connections still open (the processes under test may still run). */
    close() {
      for (const socket of sockets) socket.destroy();
      return new Promise((resolve) => server.close(resolve));
    },
  };
}
