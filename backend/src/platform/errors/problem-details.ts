import { HttpException, HttpStatus } from '@nestjs/common';
import { PROBLEM_TYPES } from '../public-api/problem-types';
import { type ErrorBody, reasonPhrase } from './error-body';

/** The media type of an error of the public api (RFC 9457). */
export const PROBLEM_JSON = 'application/problem+json';

/** One field a request got wrong: where (`recipients.0.email`, `''` for the whole body) and what. */
interface ProblemFieldError {
  path: string;
  message: string;
}

/** An error answer of the public api (RFC 9457 "problem details"). */
export interface ProblemDetails {
  /** `about:blank` when the status says it all; else one of PROBLEM_TYPES. */
  type: string;
  title: string;
  status: number;
  detail: string;
  /** The path the request was sent to. */
  instance: string;
  /** A validation problem's fields. */
  errors?: ProblemFieldError[];
}

const TITLES: Record<string, string> = {
  [PROBLEM_TYPES.validation]: 'The request is not valid',
  [PROBLEM_TYPES.insufficientScope]: 'The API key lacks a scope this route needs',
  [PROBLEM_TYPES.invalidIdempotencyKey]: 'The Idempotency-Key header is not valid',
  [PROBLEM_TYPES.idempotencyKeyReused]: 'This Idempotency-Key was used with another request',
  [PROBLEM_TYPES.idempotentRequestInProgress]:
    'A request with this Idempotency-Key is still running',
};

const KNOWN_TYPES: ReadonlySet<string> = new Set(Object.values(PROBLEM_TYPES));
const FIELD_PATH = /^[A-Za-z_$][\w$]*(?:\.[\w$]+)*$/;

/**
 * The problem an error answer of the public api carries: the same status and message the staff
 * api's `{statusCode, message, error}` would, reshaped; a 500 says nothing of its cause.
 */
export function toProblemDetails(
  exception: unknown,
  body: ErrorBody,
  instance: string,
): ProblemDetails {
  const extra = problemExtrasOf(exception);
  const errors = extra.errors ?? fieldErrorsOf(body);
  const type =
    extra.type ??
    (errors && body.statusCode === HttpStatus.BAD_REQUEST ? PROBLEM_TYPES.validation : undefined);
  const messages = Array.isArray(body.message) ? body.message : [body.message];
  return {
    type: type ?? 'about:blank',
    title: type ? TITLES[type] : reasonPhrase(body.statusCode),
    status: body.statusCode,
    detail:
      body.statusCode === HttpStatus.INTERNAL_SERVER_ERROR
        ? 'Something went wrong on our side; it has been logged.'
        : messages.join('; '),
    instance,
    ...(errors ? { errors } : {}),
  };
}

/** A `type` and an `errors` list an HttpException's body may carry for the problem. */
function problemExtrasOf(exception: unknown): { type?: string; errors?: ProblemFieldError[] } {
  if (!(exception instanceof HttpException)) return {};
  const response = exception.getResponse();
  if (typeof response !== 'object' || response === null) return {};
  const { type, errors } = response as { type?: unknown; errors?: unknown };
  return {
    ...(typeof type === 'string' && KNOWN_TYPES.has(type) ? { type } : {}),
    ...(isFieldErrorList(errors)
      ? { errors: errors.map(({ path, message }) => ({ path, message })) }
      : {}),
  };
}

function isFieldErrorList(value: unknown): value is ProblemFieldError[] {
  return (
    Array.isArray(value) &&
    value.length > 0 &&
    value.every(
      (entry) =>
        typeof (entry as { path?: unknown })?.path === 'string' &&
        typeof (entry as { message?: unknown })?.message === 'string',
    )
  );
}

/**
 * The fields of a refusal from the global validation pipe or a form's `fieldErrors`: the pipe
 * says "name must be a string" or "property foo should not exist", so the path is read from the
 * message's first words.
 */
function fieldErrorsOf(body: ErrorBody): ProblemFieldError[] | undefined {
  if (body.fieldErrors?.length) {
    return body.fieldErrors.map(({ field, message }) => ({ path: field, message }));
  }
  if (body.statusCode !== HttpStatus.BAD_REQUEST || !Array.isArray(body.message)) return undefined;
  return body.message.map((message) => {
    const unknown = /^property (\S+) should not exist$/.exec(message);
    const first = message.split(' ')[0];
    return { path: unknown ? unknown[1] : FIELD_PATH.test(first) ? first : '', message };
  });
}
