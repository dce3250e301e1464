import { Logger } from '@nestjs/common';
import { createHash } from 'node:crypto';
import { TimestampUnavailableError, type TimestampPort } from './timestamp.port';
import {
  checkTimeStampResponse,
  newNonce,
  TimeStampRefusedError,
  timeStampRequest,
  type TimeStampTokenInfo,
} from './tsp';

export interface Rfc3161Options {
  /** Tried in order until one gives a token that passes the checks. */
  urls: readonly string[];
  /** Per request. */
  timeoutMs: number;
  username?: string;
  password?: string;
}

const TIMESTAMP_QUERY = 'application/timestamp-query';
const TIMESTAMP_REPLY = 'application/timestamp-reply';

/**
 * Time-stamp authorities over HTTP (RFC 3161 §3.4): each URL in turn gets a
 * fresh request (its own nonce) as `application/timestamp-query`, with a
 * timeout and optional basic auth; the first answer that passes every check
 * wins. An unreachable, slow, refusing or wrong TSA falls through to the next;
 * when none is left, TimestampUnavailableError names what each did.
 */
export class Rfc3161TimestampAdapter implements TimestampPort {
  readonly adapter = 'rfc3161' as const;
  private readonly logger = new Logger(Rfc3161TimestampAdapter.name);

  constructor(private readonly options: Rfc3161Options) {
    if (options.urls.length === 0) throw new Error('TSA_URLS lists no time-stamp authority');
  }

  async timestamp(data: Buffer): Promise<TimeStampTokenInfo> {
    const digest = createHash('sha256').update(data).digest();
    const failures: string[] = [];
    for (const url of this.options.urls) {
      try {
        return await this.ask(url, digest);
      } catch (error) {
        const reason = (error as Error).message;
        this.logger.warn(`time-stamp authority ${hostOf(url)}: ${reason}`);
        failures.push(`${hostOf(url)}: ${reason}`);
      }
    }
    throw new TimestampUnavailableError(failures.join('; '));
  }

  private async ask(url: string, digest: Buffer): Promise<TimeStampTokenInfo> {
    const nonce = newNonce();
    const { username, password, timeoutMs } = this.options;
    let response: Response;
    try {
      response = await fetch(url, {
        method: 'POST',
        headers: {
          'content-type': TIMESTAMP_QUERY,
          accept: TIMESTAMP_REPLY,
          ...(username !== undefined
            ? {
                authorization: `Basic ${Buffer.from(`${username}:${password ?? ''}`).toString('base64')}`,
              }
            : {}),
        },
        body: timeStampRequest(digest, nonce),
        // Redirects are followed (TSAs move to https); the answer is checked, not its host, and
        // fetch drops the authorization header on a redirect to another origin.
        signal: AbortSignal.timeout(timeoutMs),
      });
    } catch (error) {
      const name = (error as Error).name;
      throw new Error(
        name === 'TimeoutError' || name === 'AbortError'
          ? `no answer within ${timeoutMs} ms`
          : 'unreachable',
      );
    }
    if (!response.ok) throw new Error(`answered HTTP ${response.status}`);
    const type = response.headers.get('content-type') ?? '';
    if (!type.toLowerCase().startsWith(TIMESTAMP_REPLY)) {
      throw new Error(`answered ${type || 'no content type'}, not ${TIMESTAMP_REPLY}`);
    }
    const body = Buffer.from(await response.arrayBuffer());
    try {
      return checkTimeStampResponse(body, { digest, nonce });
    } catch (error) {
      if (error instanceof TimeStampRefusedError) throw new Error(`refused: ${error.message}`);
      throw error;
    }
  }
}

/** The URL without credentials or query, for messages. */
function hostOf(url: string): string {
  try {
    const parsed = new URL(url);
    return `${parsed.protocol}//${parsed.host}${parsed.pathname}`;
  } catch {
    return 'an invalid URL';
  }
}
