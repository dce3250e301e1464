import type { QueueCounts } from '../../platform/queues/queue-stats.service';
import type { QueueName } from '../../platform/queues/queue-names';

export interface DependencyStatus {
  up: boolean;
  /** Round trip of a ping; null when the dependency did not answer. */
  latencyMs: number | null;
}

/** Which adapter each port runs (ARCHITECTURE §2). */
export interface AdapterSelection {
  crm: string;
  documents: string;
  mail: string;
  captcha: string;
  identity: string;
  maps: string;
  fileService: string;
}

export interface HealthReport {
  /** `ok` when MongoDB and Redis both answer; anything else is `degraded` (HTTP 503). */
  status: 'ok' | 'degraded';
  database: DependencyStatus;
  redis: DependencyStatus;
  /** Job counts per queue; null when Redis cannot be asked. */
  queues: Record<QueueName, QueueCounts> | null;
  adapters: AdapterSelection;
  version: string;
}
