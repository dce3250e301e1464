import type { FieldPath, FieldValues, UseFormSetError } from 'react-hook-form';

/** Where a form keeps the server's message that belongs to no field. */
const SERVER_ERROR = 'root.server' as const;

/** Recognises a server message as a field's: a prefix, a pattern, a list of them, or a test. */
type ServerMessageMatcher =
  string | RegExp | readonly (string | RegExp)[] | ((message: string) => boolean);

export type ServerFieldMatchers<T extends FieldValues> = Partial<
  Record<FieldPath<T>, ServerMessageMatcher>
>;

export interface ServerFormErrors<T extends FieldValues> {
  /** The field each recognised message belongs to (the first message a field got). */
  fields: Partial<Record<FieldPath<T>, string>>;
  /** The messages no field claimed, joined; null when every message found its field. */
  form: string | null;
}

/**
 * The messages of a refused request (4xx): the server answers
 * `{statusCode, message}` with one message or a list (one per invalid field,
 * from the validation pipe). Anything else (network, 5xx, not an API error) has none.
 */
export function clientErrorMessages(error: unknown): string[] {
  if (typeof error !== 'object' || error === null) return [];
  const { statusCode, messages, message } = error as {
    statusCode?: unknown;
    messages?: unknown;
    message?: unknown;
  };
  if (typeof statusCode !== 'number' || statusCode < 400 || statusCode >= 500) return [];
  const list = Array.isArray(messages) ? messages : Array.isArray(message) ? message : [message];
  return list.filter((item): item is string => typeof item === 'string' && item !== '');
}

function matches(matcher: ServerMessageMatcher, message: string): boolean {
  if (typeof matcher === 'function') return matcher(message);
  if (typeof matcher === 'string') return message.startsWith(matcher);
  if (matcher instanceof RegExp) return matcher.test(message);
  return matcher.some((one) => matches(one, message));
}

/**
 * Sorts a refused request's messages onto the form's fields: each message goes
 * to the first field whose matcher recognises it, the rest to the form.
 */
export function serverFormErrors<T extends FieldValues>(
  error: unknown,
  matchers: ServerFieldMatchers<T>,
): ServerFormErrors<T> {
  const fields: Partial<Record<FieldPath<T>, string>> = {};
  const rest: string[] = [];
  const entries = Object.entries(matchers) as [FieldPath<T>, ServerMessageMatcher][];
  for (const message of clientErrorMessages(error)) {
    const field = entries.find(([, matcher]) => matches(matcher, message))?.[0];
    if (field === undefined) rest.push(message);
    else fields[field] ??= message;
  }
  return { fields, form: rest.length > 0 ? rest.join(' ') : null };
}

/**
 * Shows a refused request's messages in the form: under the fields they
 * belong to (the first of them focused), the rest in the form's error summary
 * (`root.server`). Returns whether the server said anything the form shows;
 * false for a network or server failure, which the caller reports otherwise.
 */
export function applyServerErrors<T extends FieldValues>(
  setError: UseFormSetError<T>,
  error: unknown,
  matchers: ServerFieldMatchers<T> = {},
): boolean {
  const { fields, form } = serverFormErrors(error, matchers);
  const named = Object.entries(fields) as [FieldPath<T>, string][];
  named.forEach(([field, message], index) =>
    setError(field, { type: 'server', message }, { shouldFocus: index === 0 }),
  );
  if (form) setError(SERVER_ERROR, { type: 'server', message: form });
  return named.length > 0 || form !== null;
}
