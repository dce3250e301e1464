import { InjectQueue, Processor } from '@nestjs/bullmq';
import { Injectable, type OnApplicationBootstrap } from '@nestjs/common';
import { UnrecoverableError, type Job, type Queue } from 'bullmq';
import { AgreementSendService } from '../agreements';
import { GracefulWorkerHost } from '../../platform/queues/graceful-worker-host';
import { QueueName } from '../../platform/queues/queue-names';
import { SigningFinishService } from './signing-finish.service';
import {
  RESUME_FINISHES_EVERY_MS,
  RESUME_FINISHES_SCHEDULER,
  SigningJob,
  type SealAgreementJobData,
  type SigningJobName,
} from './signing.jobs';
import { WORKER_NAME } from '../../platform/queues/worker-name';

/**
 * The `signing` queue: the sealing of agreements whose last signature is in (queued by the
 * finish, so the signer never waits for it), and a BullMQ job scheduler (fires once across
 * workers) that resumes finishes left in progress (a crashed api, a seal job lost with Redis).
 */
@Processor(QueueName.Signing, { name: WORKER_NAME })
export class SigningProcessor extends GracefulWorkerHost {
  constructor(
    private readonly finishing: SigningFinishService,
    private readonly sending: AgreementSendService,
  ) {
    super();
  }

  async process(
    job: Job<unknown, unknown, string>,
  ): Promise<
    { resumed: number; sendsResumed: number; signerPartsResumed: number } | { sealed: boolean }
  > {
    const name = job.name as SigningJobName;
    switch (name) {
      case SigningJob.SealAgreement:
        // A failed step throws: BullMQ tries again with backoff, the step runner resumes at it.
        return { sealed: await this.finishing.sealQueued(job.data as SealAgreementJobData) };
      case SigningJob.ResumeFinishes:
        // Sends whose link was mailed too: the same schedule, the same step runner.
        return {
          resumed: await this.finishing.resumeAbandoned(),
          sendsResumed: await this.sending.resumeAbandoned(),
          // Several signers: a signature whose stamp, invitations or seal were left half-way.
          signerPartsResumed: await this.finishing.resumeSignerParts(),
        };
      default:
        throw new UnrecoverableError(`No handler for job "${job.name}" on the signing queue`);
    }
  }
}

/** Registers the resume schedule (idempotent: one scheduler per id, whatever the number of workers). */
@Injectable()
export class SigningScheduler implements OnApplicationBootstrap {
  constructor(@InjectQueue(QueueName.Signing) private readonly queue: Queue) {}

  async onApplicationBootstrap(): Promise<void> {
    await this.queue.upsertJobScheduler(
      RESUME_FINISHES_SCHEDULER,
      { every: RESUME_FINISHES_EVERY_MS },
      { name: SigningJob.ResumeFinishes, data: {} },
    );
  }
}
