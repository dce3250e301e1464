import { isApiError } from '@prosign/api-client';

/** The spec's message, followed by the server's explanation when it gave one (spec 1 §8). */
export function withServerReason(message: string, error: unknown): string {
  if (isApiError(error) && error.isClientError && error.message) {
    return `${message} ${error.message}`;
  }
  return message;
}
