import { z } from 'zod';

/** A comma-separated list in a query (`status=sent,viewed`), each value one of `values`. */
export function commaList<const T extends readonly [string, ...string[]]>(values: T, what: string) {
  return z
    .string()
    .max(500)
    .refine(
      (text) =>
        text
          .split(',')
          .map((value) => value.trim())
          .every((value) => (values as readonly string[]).includes(value)),
      { message: `must be a comma-separated list of ${what}: ${values.join(', ')}` },
    );
}

/** The values of a comma-separated list, trimmed, empty ones dropped. */
export function commaValues(text: string | undefined): string[] {
  return (text ?? '')
    .split(',')
    .map((value) => value.trim())
    .filter(Boolean);
}
