/** Every BullMQ queue of the system (docs/architecture.md#how-a-job-flows). Api and worker register the same list. */
export const QueueName = {
  /** Render, merge, void and audit-trail PDFs. */
  Documents: 'documents',
  /** Signing links, reminders, signed copies, invoices. */
  Mail: 'mail',
  /** Stage moves, property updates, deal duplication. */
  Crm: 'crm',
  /** Diagnostics and housekeeping. */
  System: 'system',
  /** Sealing agreements whose last signature is in; resuming finishes left half-way. */
  Signing: 'signing',
  /** Every family's expiry and automatic reminders (job schedulers); the Redis name predates the families. */
  AgreementSchedules: 'contract-schedules',
  /** Webhooks: relaying agreements' outboxes and delivering events to the endpoints. */
  Webhooks: 'webhooks',
  /** The Monday Insights digest (a job scheduler). */
  Insights: 'insights',
} as const;

export type QueueName = (typeof QueueName)[keyof typeof QueueName];

export const QUEUE_NAMES: readonly QueueName[] = Object.values(QueueName);
