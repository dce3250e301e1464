/**
 * The end of an exhaustive `switch`: TypeScript refuses the call while a case is
 * missing, and at run time (a value from outside the types, e.g. a job name read
 * from Redis) it throws `error`, or a plain Error naming the value.
 */
export function assertNever(value: never, error?: Error): never {
  throw error ?? new Error(`Unexpected value ${JSON.stringify(value)}`);
}
