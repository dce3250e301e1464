/**
 * Errors that mean a dependency (MongoDB, Redis) is unreachable right now, not
 * that the request is wrong: the api answers them 503 with words a person can
 * act on, and the process keeps running until the dependency is back.
 */
export type Dependency = 'database' | 'redis';

const MONGO_OUTAGE_NAMES = new Set([
  'MongoNetworkError',
  'MongoNetworkTimeoutError',
  'MongoServerSelectionError',
  'MongooseServerSelectionError',
  'MongoNotConnectedError',
  'MongoTopologyClosedError',
  'MongoPoolClearedError',
]);

const REDIS_OUTAGE_MESSAGES = [
  'Connection is closed',
  "Stream isn't writeable",
  'Reached the max retries per request limit',
];

export const OUTAGE_MESSAGES: Readonly<Record<Dependency, string>> = {
  database:
    'ProSign cannot reach its database right now. Nothing was lost; please try again in a minute.',
  redis:
    'ProSign cannot reach its job queue (Redis) right now. Nothing was lost; please try again in a minute.',
};

/** Which dependency an error says is down, or null when it is some other error. */
export function dependencyOutageOf(error: unknown): Dependency | null {
  if (!(error instanceof Error)) return null;
  if (MONGO_OUTAGE_NAMES.has(error.name)) return 'database';
  if (/buffering timed out after/.test(error.message)) return 'database';
  if (error.name === 'MaxRetriesPerRequestError') return 'redis';
  if (REDIS_OUTAGE_MESSAGES.some((text) => error.message.includes(text))) return 'redis';
  return null;
}
