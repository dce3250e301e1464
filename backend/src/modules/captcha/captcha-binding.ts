import type { Request } from 'express';

/**
 * Where a signer request names its signing link: `token` on the standard
 * pages, `customId` on the SOW and change-order pages; as a body field, a
 * query parameter or a route parameter (`:token`, `:customId`).
 */
export const LINK_TOKEN_FIELDS = ['token', 'customId'] as const;

export interface LinkTokens {
  values: string[];
  /** A token field that is not a string (an object, a number): never accepted. */
  malformed: boolean;
}

/** Every link token a request carries (the body only when it is already parsed). */
export function linkTokensOf(request: Request, { body }: { body: boolean }): LinkTokens {
  const found: LinkTokens = { values: [], malformed: false };
  collect(found, request.params, LINK_TOKEN_FIELDS);
  collect(found, request.query, LINK_TOKEN_FIELDS);
  if (body) collect(found, request.body, LINK_TOKEN_FIELDS);
  return found;
}

/** The link tokens of one parsed body (a multipart body, read after the guards). */
export function linkTokensOfBody(value: unknown): LinkTokens {
  const found: LinkTokens = { values: [], malformed: false };
  collect(found, value, LINK_TOKEN_FIELDS);
  return found;
}

function collect(found: LinkTokens, source: unknown, fields: readonly string[]): void {
  if (typeof source !== 'object' || source === null) return;
  for (const field of fields) {
    if (!Object.prototype.hasOwnProperty.call(source, field)) continue;
    const value = (source as Record<string, unknown>)[field];
    if (value === undefined) continue;
    // `?token=a&token=b` arrives as an array: each must be the bound token.
    for (const item of Array.isArray(value) ? value : [value]) {
      if (typeof item === 'string') found.values.push(item);
      else found.malformed = true;
    }
  }
}

/** One spelling per address: IPv4 clients of a dual-stack socket appear as `::ffff:a.b.c.d`. */
export function normalizeIp(ip: string | undefined): string {
  if (!ip) return '';
  return ip.startsWith('::ffff:') && ip.includes('.') ? ip.slice(7) : ip;
}
