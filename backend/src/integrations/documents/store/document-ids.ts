import { randomBytes } from 'node:crypto';

/**
 * A new document id: 128 random bits, base64url (22 characters). Whoever holds a
 * document's link reads it (`/api/documents/d/{id}/…` is public), so no id may be
 * guessed or computed from anything else.
 */
export function newDocumentId(): string {
  return randomBytes(16).toString('base64url');
}
