// Small helpers the recipient modules share; not part of the package's surface.
import type { RecipientTimes } from './recipients';

/** Nothing of a recipient's life recorded yet. */
export const NO_TIMES: RecipientTimes = {
  invitedAt: null,
  viewedAt: null,
  signatureSavedAt: null,
  signedAt: null,
};

/** A value as entered, trimmed ('' for none). */
export const text = (value: string | null | undefined) => String(value ?? '').trim();
