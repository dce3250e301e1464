import { Controller, Get, HttpStatus, Res } from '@nestjs/common';
import type { HealthReport } from '@prosign/domain';
import { Public } from '../../platform/auth/auth.decorators';

import { HealthService } from './health.service';

/** The slice of the platform response the controller touches (no express types needed). */
interface StatusSettable {
  status(code: number): unknown;
}

/** Public: load balancers and the stack scripts probe it without a session. */
@Public()
@Controller('health')
export class HealthController {
  constructor(private readonly health: HealthService) {}

  /** 200 when MongoDB and Redis answer, 503 with the same body when not (load balancers read the status). */
  @Get()
  async check(@Res({ passthrough: true }) res: StatusSettable): Promise<HealthReport> {
    const report = await this.health.check();
    res.status(report.status === 'ok' ? HttpStatus.OK : HttpStatus.SERVICE_UNAVAILABLE);
    return report;
  }
}
