import { registerDecorator, type ValidationOptions } from 'class-validator';

/**
 * An object whose values are all strings of at most `maxLength` characters
 * (a map of names to texts: SOW template sections, services per role), with at
 * most 100 keys.
 */
export function IsStringRecord(maxLength: number, options?: ValidationOptions) {
  return (target: object, propertyName: string) =>
    registerDecorator({
      name: 'isStringRecord',
      target: target.constructor,
      propertyName,
      options: {
        message: `${propertyName} must map names to texts of at most ${maxLength} characters`,
        ...options,
      },
      validator: {
        validate(value: unknown) {
          if (typeof value !== 'object' || value === null || Array.isArray(value)) return false;
          const entries = Object.entries(value);
          return (
            entries.length <= 100 &&
            entries.every(([, text]) => typeof text === 'string' && text.length <= maxLength)
          );
        },
      },
    });
}
