import { InjectQueue } from '@nestjs/bullmq';
import { Injectable, NotFoundException } from '@nestjs/common';
import type { Queue } from 'bullmq';
import { randomUUID } from 'node:crypto';
import { QueueName } from '../../platform/queues/queue-names';
import type { EchoRequestDto } from './dto/echo-request.dto';
import type { EchoAcceptedDto, EchoStatusDto } from './dto/echo-status.dto';
import { SystemJob, type EchoJobData, type EchoJobResult } from './echo.job';

@Injectable()
export class DiagnosticsService {
  constructor(
    @InjectQueue(QueueName.System) private readonly systemQueue: Queue<EchoJobData, EchoJobResult>,
  ) {}

  async enqueueEcho(request: EchoRequestDto): Promise<EchoAcceptedDto> {
    // Every echo is a distinct request, so the id is random rather than derived from the payload.
    const jobId = randomUUID();
    const data: EchoJobData = { message: request.message, delayMs: request.delayMs };
    // Diagnostics are cheap and not worth retrying.
    await this.systemQueue.add(SystemJob.Echo, data, { jobId, attempts: 1 });
    return { jobId };
  }

  async echoStatus(jobId: string): Promise<EchoStatusDto> {
    // State first, then the job: a job read first could complete in between and be
    // reported "completed" without its result.
    const state = await this.systemQueue.getJobState(jobId);
    const job = state === 'unknown' ? undefined : await this.systemQueue.getJob(jobId);
    if (!job || job.name !== SystemJob.Echo) {
      throw new NotFoundException(`Echo job ${jobId} not found`);
    }
    return {
      jobId,
      state,
      ...(state === 'completed' ? { result: job.returnvalue } : {}),
      ...(state === 'failed' ? { failedReason: job.failedReason } : {}),
    };
  }
}
