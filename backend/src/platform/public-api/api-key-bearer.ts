import type { Request } from 'express';

/** The key in `Authorization: Bearer <key>`; null when the header is absent or another scheme. */
export function bearerOf(request: Pick<Request, 'headers'>): string | null {
  const header = request.headers.authorization;
  const found = typeof header === 'string' ? /^Bearer[ \t]+(\S+)[ \t]*$/i.exec(header) : null;
  return found ? found[1] : null;
}
