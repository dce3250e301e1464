import type { Job } from 'bullmq';
import { UnrecoverableError } from 'bullmq';
import { plainToInstance, type ClassConstructor } from 'class-transformer';
import { validateSync } from 'class-validator';
import { withoutTraceContext } from '../tracing/traced-queue';

/**
 * Validates a job payload against its class; a malformed payload will never
 * succeed, so it fails at once without retries. The producer's trace context, when the job
 * carries one, is not part of the payload.
 */
export function validateJobData<T extends object>(cls: ClassConstructor<T>, job: Job): T {
  const data = plainToInstance(cls, withoutTraceContext(job.data) as object);
  const errors = validateSync(data, { whitelist: true, forbidNonWhitelisted: true });
  if (errors.length > 0) {
    const problems = errors.flatMap((error) => Object.values(error.constraints ?? {}));
    throw new UnrecoverableError(`Invalid ${job.name} job data: ${problems.join('; ')}`);
  }
  return data;
}
