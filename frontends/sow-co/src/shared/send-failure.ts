import { isApiError } from '@prosign/api-client';

/**
 * The notice of a refused send (spec 3 §8): a send limit exceeded (429, the
 * server's exceedError) is told in the server's own words; another refusal
 * adds the server's reason to the screen's message; anything else is the
 * screen's message alone.
 */
export function sendFailureText(error: unknown, fallback: string): string {
  if (!isApiError(error)) return fallback;
  if (error.statusCode === 429) return error.message;
  return error.isClientError ? `${fallback}: ${error.message}` : fallback;
}
