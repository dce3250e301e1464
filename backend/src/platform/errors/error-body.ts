import { HttpException, HttpStatus } from '@nestjs/common';
import { dependencyOutageOf, OUTAGE_MESSAGES } from './dependency-outage';

/** The one error shape every endpoint returns (docs/architecture.md#how-a-request-flows). */
export interface ErrorBody {
  statusCode: number;
  message: string | string[];
  error: string;
  /** A form's refusal, field by field (the creation screens mark each field). */
  fieldErrors?: { field: string; message: string }[];
}

/** Errors from the HTTP stack below Nest (body-parser, http-errors) that are safe to show. */
interface ExposedHttpError {
  status: number;
  message: string;
  expose: true;
}

export function toErrorBody(exception: unknown): ErrorBody {
  if (exception instanceof HttpException) {
    const statusCode = exception.getStatus();
    const response = exception.getResponse();
    if (typeof response === 'string') {
      return { statusCode, message: response, error: reasonPhrase(statusCode) };
    }
    const { message, error, fieldErrors } = response as Partial<ErrorBody>;
    return {
      statusCode,
      message: message ?? exception.message,
      error: typeof error === 'string' ? error : reasonPhrase(statusCode),
      ...(isFieldErrors(fieldErrors) ? { fieldErrors } : {}),
    };
  }
  if (isExposedHttpError(exception)) {
    return {
      statusCode: exception.status,
      message: exception.message,
      error: reasonPhrase(exception.status),
    };
  }
  // MongoDB or Redis away: 503 (try again), not a 500 (a bug).
  const outage = dependencyOutageOf(exception);
  if (outage) {
    return {
      statusCode: HttpStatus.SERVICE_UNAVAILABLE,
      message: OUTAGE_MESSAGES[outage],
      error: 'Service Unavailable',
    };
  }
  return {
    statusCode: HttpStatus.INTERNAL_SERVER_ERROR,
    message: 'Internal server error',
    error: 'Internal Server Error',
  };
}

function isFieldErrors(value: unknown): value is ErrorBody['fieldErrors'] {
  return (
    Array.isArray(value) &&
    value.every(
      (entry) =>
        typeof (entry as { field?: unknown })?.field === 'string' &&
        typeof (entry as { message?: unknown })?.message === 'string',
    )
  );
}

function isExposedHttpError(value: unknown): value is ExposedHttpError {
  if (!(value instanceof Error)) return false;
  const candidate = value as Error & Partial<ExposedHttpError>;
  return (
    candidate.expose === true &&
    typeof candidate.status === 'number' &&
    candidate.status >= 400 &&
    candidate.status < 500
  );
}

/** "Not Found" for 404 etc., from Nest's HttpStatus enum (NOT_FOUND → Not Found). */
export function reasonPhrase(statusCode: number): string {
  const name = HttpStatus[statusCode] as string | undefined;
  if (!name) return statusCode >= 500 ? 'Internal Server Error' : 'Error';
  return name
    .split('_')
    .map((word) => word.charAt(0) + word.slice(1).toLowerCase())
    .join(' ');
}
