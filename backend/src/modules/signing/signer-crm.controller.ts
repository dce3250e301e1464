import { BadRequestException, Body, Controller, Param, Patch, Req } from '@nestjs/common';
import { RequireAccess, SignerMayCall } from '../../platform/auth/auth.decorators';
import type { StaffRequest } from '../../platform/auth/staff-principal';
import { CrmService, DealIdParam } from '../crm';
import { StageMoveDto } from './dto/stage-move.dto';
import { SignerCallsService } from './signer-calls.service';
import { SignerRateLimit } from './signer-throttle';

/**
 * The CRM call of spec 1 §7 that signers make too (`{crm}` = hubspot); the staff-only
 * CRM calls are modules/crm's CrmController.
 */
@RequireAccess('homeAccess')
@Controller('hubspot')
export class SignerCrmController {
  constructor(
    private readonly crm: CrmService,
    private readonly signerCalls: SignerCallsService,
  ) {}

  /** Staff move any deal; a signer (captcha pass, token) moves their own contract's deal by finishing. */
  @Patch('update-deal-stage-to-signed/:dealId')
  @SignerMayCall()
  @SignerRateLimit()
  stageToSigned(
    @Param() { dealId }: DealIdParam,
    @Body() body: StageMoveDto,
    @Req() request: StaffRequest,
  ) {
    if (this.signerCalls.isSignerRequest(request)) {
      if (!body.token) throw new BadRequestException('token is required');
      return this.signerCalls.dealSignedForSigner(request, dealId, body.token);
    }
    return this.crm.moveStage(dealId, 'signed', body.contractLink);
  }
}
