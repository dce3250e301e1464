/**
 * The problems that say more than their status, each identified by its `type` (compare it as a
 * string: it names the problem, it is not a page to fetch). Thrown with the type in the
 * exception's body: `new ConflictException({ message, type: PROBLEM_TYPES.… })`.
 */
export const PROBLEM_TYPES = {
  validation: '/api/v1/problems/validation-error',
  insufficientScope: '/api/v1/problems/insufficient-scope',
  invalidIdempotencyKey: '/api/v1/problems/invalid-idempotency-key',
  idempotencyKeyReused: '/api/v1/problems/idempotency-key-reused',
  idempotentRequestInProgress: '/api/v1/problems/idempotent-request-in-progress',
} as const;
