/**
 * `GET /api/health`: the state of the api's dependencies and which adapter
 * each port runs, declared once for the backend's health service and the
 * api-client. 200 when `status` is ok, 503 with the same body when not.
 */

export interface DependencyStatus {
  up: boolean;
  /** Round trip of a ping; null when the dependency did not answer. */
  latencyMs: number | null;
}

/** Job counts of one queue. */
export interface QueueCounts {
  waiting: number;
  active: number;
  failed: number;
  delayed: number;
}

/** Which adapter each port runs (docs/architecture.md#the-pieces). */
export interface AdapterSelection {
  crm: string;
  documents: string;
  mail: string;
  captcha: string;
  identity: string;
  maps: string;
  fileService: string;
  /** Where seals get their RFC 3161 time-stamps. */
  timestamp: string;
}

export interface HealthReport {
  /** `ok` when MongoDB and Redis both answer; anything else is `degraded` (HTTP 503). */
  status: 'ok' | 'degraded';
  database: DependencyStatus;
  redis: DependencyStatus;
  /** Job counts by queue name; null when Redis cannot be asked. */
  queues: Record<string, QueueCounts> | null;
  /**
   * The workers' heartbeats (they write one to Redis every few seconds): how many
   * beat recently and how long ago the latest did. Null when Redis cannot be asked.
   * A missing worker does not make the api unhealthy (it still takes requests).
   */
  workers?: { alive: number; lastSeenMsAgo: number | null } | null;
  adapters: AdapterSelection;
  /** The PAdES level every seal is made to (SEAL_LEVEL). */
  sealLevel: string;
  version: string;
}
