import {
  ConflictException,
  Controller,
  ForbiddenException,
  HttpCode,
  HttpStatus,
  NotFoundException,
  Param,
  Post,
  Req,
} from '@nestjs/common';
import { seesFamily } from '@prosign/domain';
import type { Request } from 'express';
import { isValidObjectId } from 'mongoose';
import { CurrentStaff, RequireAccess } from '../../platform/auth/auth.decorators';
import { staffActor, type StaffPrincipal } from '../../platform/auth/staff-principal';
import { MailService, type MailDeliverySummary } from '../mail';
import { AgreementRepository } from './agreement.repository';
import { AgreementEventRepository } from './agreement-events.repository';
import { AgreementIdParam } from './dto/agreement-action.dto';

/**
 * The card's Retry of a mail that finally failed: the delivery is queued again
 * (same Message-ID, so never a second copy) and the retry goes in the history.
 * Who may is who sees the card: the flag of the family's dashboard.
 */
@RequireAccess('dashboardAccess', 'sowDashboardAccess', 'documentsAccess')
@Controller('agreements')
export class AgreementMailController {
  constructor(
    private readonly mail: MailService,
    private readonly repository: AgreementRepository,
    private readonly eventLog: AgreementEventRepository,
  ) {}

  @Post(':id/mail/retry')
  @HttpCode(HttpStatus.ACCEPTED)
  async retry(
    @Param() { id }: AgreementIdParam,
    @CurrentStaff() staff: StaffPrincipal,
    @Req() request: Request,
  ): Promise<MailDeliverySummary> {
    const agreement = isValidObjectId(id) ? await this.repository.findById(id) : null;
    if (!agreement || agreement.deletedAt) throw new NotFoundException('Agreement not found');
    if (!seesFamily(staff, agreement.family)) {
      throw new ForbiddenException('You do not have access to this dashboard.');
    }
    const problem = agreement.mailProblem;
    if (!problem) throw new ConflictException('This agreement has no failed mail to send again.');
    const delivery = await this.mail.requeue(problem.deliveryId);
    const actor = staffActor(staff, request);
    await this.eventLog.record(
      agreement,
      {
        set: { mailProblem: null },
        event: {
          type: 'mail_retried',
          actor: actor.email,
          ip: actor.ip ?? null,
          userAgent: actor.userAgent,
          data: { mail: problem.template },
        },
      },
      { notify: true },
    );
    return delivery;
  }
}
