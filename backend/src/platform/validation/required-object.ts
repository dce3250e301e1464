import type { ValidationArguments } from 'class-validator';

/**
 * The message of `@IsObject()` on a required nested object: "is required" when
 * it is missing, "must be an object" when it is something else (a list, a text).
 * One decorator, so a missing object gets one message, and never reaches the
 * service (a missing nested object used to answer 500).
 */
export function requiredObject(name: string): (args: ValidationArguments) => string {
  return ({ value }) =>
    value === undefined || value === null ? `${name} is required` : `${name} must be an object`;
}
