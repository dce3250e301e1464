import { SEAL_LEVELS, type SealLevel } from './adapters';

/** A send or a finish that stopped at a step, as admins see it (`GET /api/admin/stuck-operations`). */
export interface StuckOperation {
  agreementId: string;
  family: string;
  operation: 'send' | 'finish';
  failedStep: string | null;
  lastError: string | null;
  attempts: number;
  failedAt: string | null;
  startedAt: string | null;
  /** The worker stopped trying (too many failed runs): someone must look. */
  givenUp: boolean;
}

/** `GET /api/admin/stuck-operations`. */
export interface StuckOperationsResponse {
  operations: StuckOperation[];
}

/**
 * The starts of the errors a finish records while the seal waits: for the
 * time-stamp service, or for the revocation data of its certificates.
 */
export const SEAL_WAITING_MESSAGES = [
  'Sealing is waiting for the time-stamp service',
  'Sealing is waiting for the revocation data of its certificates',
] as const;

/** A finish waiting at the seal: the one case an administrator may seal at a lower level. */
export function isWaitingSeal(
  operation: Pick<StuckOperation, 'operation' | 'failedStep' | 'lastError'>,
): boolean {
  if (operation.operation !== 'finish' || operation.failedStep !== 'merged') return false;
  const error = operation.lastError ?? '';
  return SEAL_WAITING_MESSAGES.some((message) => error.includes(message));
}

/** A level an administrator may choose for one waiting agreement: anything below B-LTA. */
export type LowerSealLevel = Exclude<SealLevel, 'B-LTA'>;

/** The most a reason for a lower seal may say. */
export const SEAL_OVERRIDE_REASON_MAX = 500;

/** `POST /api/admin/agreements/{id}/seal-level`. */
export interface SealLevelOverrideRequest {
  level: LowerSealLevel;
  reason: string;
}

/** The answer: sealed now, or still waiting (tried again with the lower level). */
export interface SealLevelOverrideResponse {
  message: string;
  level: LowerSealLevel;
  sealed: boolean;
}

/** The levels below the configured one, weakest first (none when it is unknown or the lowest). */
export function sealLevelsBelow(configured: string | null | undefined): LowerSealLevel[] {
  const index = SEAL_LEVELS.indexOf(configured as SealLevel);
  if (index <= 0) return [];
  return SEAL_LEVELS.slice(0, index) as LowerSealLevel[];
}
