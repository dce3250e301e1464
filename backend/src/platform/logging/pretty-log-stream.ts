import type { DestinationStream } from 'pino';

/** pino's numeric levels, as the pretty lines name them. */
const LEVEL_NAMES: Readonly<Record<number, string>> = {
  10: 'TRACE',
  20: 'DEBUG',
  30: 'INFO ',
  40: 'WARN ',
  50: 'ERROR',
  60: 'FATAL',
};

const LEVEL_COLORS: Readonly<Record<number, number>> = {
  10: 90,
  20: 90,
  30: 32,
  40: 33,
  50: 31,
  60: 35,
};

/** What the pretty line shows itself; the rest of a record's fields follow it as `key=value`. */
const SHOWN = new Set([
  'level',
  'time',
  'pid',
  'hostname',
  'name',
  'msg',
  'context',
  'req',
  'res',
  'responseTime',
  'err',
]);

interface LogRecord {
  level?: number;
  time?: number;
  name?: string;
  msg?: string;
  context?: string;
  req?: { method?: string; url?: string };
  res?: { statusCode?: number };
  responseTime?: number;
  err?: { type?: string; message?: string; stack?: string };
  [key: string]: unknown;
}

function clock(time: number | undefined): string {
  const at = time ? new Date(time) : new Date();
  return at.toTimeString().slice(0, 8);
}

function extras(record: LogRecord): string {
  const parts: string[] = [];
  for (const [key, value] of Object.entries(record)) {
    if (SHOWN.has(key) || value === undefined) continue;
    parts.push(`${key}=${typeof value === 'string' ? value : JSON.stringify(value)}`);
  }
  return parts.length ? ` ${parts.join(' ')}` : '';
}

/**
 * One readable line for a pino record: `12:04:31 INFO  [SigningService] message`,
 * a request as `GET /api/x → 200 (12 ms)`, an error with its stack beneath.
 */
export function formatLogLine(json: string, color = false): string {
  let record: LogRecord;
  try {
    record = JSON.parse(json) as LogRecord;
  } catch {
    return json.endsWith('\n') ? json : `${json}\n`;
  }
  const level = record.level ?? 30;
  const name = LEVEL_NAMES[level] ?? String(level);
  const levelText = color ? `\x1b[${LEVEL_COLORS[level] ?? 0}m${name}\x1b[0m` : name;
  const context = record.context ? `[${record.context}]` : '';
  const request =
    record.req && record.res
      ? `${record.req.method ?? ''} ${record.req.url ?? ''} → ${record.res.statusCode ?? '?'}${
          record.responseTime !== undefined ? ` (${record.responseTime} ms)` : ''
        }`
      : '';
  const message = record.msg && !(request && record.msg === 'request completed') ? record.msg : '';
  let line = [clock(record.time), levelText, context, message, request].filter(Boolean).join(' ');
  line += extras(record);
  if (record.err?.stack) line += `\n${record.err.stack}`;
  else if (record.err?.message) line += ` — ${record.err.message}`;
  return `${line.replace(/\s+$/, '')}\n`;
}

/** A pino destination writing readable lines (development); production keeps JSON lines. */
export function prettyLogStream(
  out: NodeJS.WritableStream = process.stdout,
  color = Boolean(process.env.FORCE_COLOR) || Boolean((out as { isTTY?: boolean }).isTTY),
): DestinationStream {
  return {
    write(chunk: string) {
      out.write(formatLogLine(chunk.trimEnd(), color));
    },
  };
}
