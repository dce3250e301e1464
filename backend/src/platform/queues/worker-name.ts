import { hostname } from 'node:os';

/**
 * This worker process's name, stored by BullMQ on every job it takes (`processedBy`) and
 * shown by `getWorkers()`: with several worker replicas it says which one ran a job.
 */
export const WORKER_NAME = `${hostname()}#${process.pid}`;
