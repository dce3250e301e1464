/** Injection token of the shared ioredis client (commands only; never used for blocking or pub/sub). */
export const REDIS_CLIENT = Symbol('REDIS_CLIENT');
