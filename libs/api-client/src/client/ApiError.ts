/** The JSON error body every ProSign endpoint returns (docs/architecture.md#how-a-request-flows). */
interface ApiErrorBody {
  statusCode: number;
  message: string | string[];
  error: string;
}

/** A failed API call: HTTP status, the server's message and its error name. */
export class ApiError extends Error {
  override readonly name = 'ApiError';

  constructor(
    readonly statusCode: number,
    message: string,
    readonly error: string,
    /** Every validation message when the server sent a list. */
    readonly messages: readonly string[] = [message],
  ) {
    super(message);
  }

  /** 0 when the server could not be reached at all. */
  get isNetworkError(): boolean {
    return this.statusCode === 0;
  }

  get isClientError(): boolean {
    return this.statusCode >= 400 && this.statusCode < 500;
  }

  static fromBody(status: number, statusText: string, body: unknown): ApiError {
    const candidate = (
      typeof body === 'object' && body !== null ? body : {}
    ) as Partial<ApiErrorBody>;
    const statusCode = typeof candidate.statusCode === 'number' ? candidate.statusCode : status;
    const messages = Array.isArray(candidate.message)
      ? candidate.message.filter((m): m is string => typeof m === 'string')
      : typeof candidate.message === 'string' && candidate.message
        ? [candidate.message]
        : [];
    const error =
      typeof candidate.error === 'string' && candidate.error
        ? candidate.error
        : statusText || 'Error';
    const message = messages.length ? messages.join('; ') : `Request failed with status ${status}`;
    return new ApiError(statusCode, message, error, messages.length ? messages : [message]);
  }

  static network(cause: unknown): ApiError {
    const apiError = new ApiError(
      0,
      'Could not reach the server. Check your connection and try again.',
      'NetworkError',
    );
    (apiError as { cause?: unknown }).cause = cause;
    return apiError;
  }
}

export function isApiError(value: unknown): value is ApiError {
  return value instanceof ApiError;
}
