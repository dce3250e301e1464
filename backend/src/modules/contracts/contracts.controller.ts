import { Body, Controller, HttpCode, HttpStatus, Post, Req } from '@nestjs/common';
import type { Request } from 'express';
import { CurrentStaff, RequireAccess } from '../../platform/auth/auth.decorators';
import { clientIp, type StaffPrincipal } from '../../platform/auth/staff-principal';
import { ContractSendService, type ContractSendResult } from './contract-send.service';
import { SendContractDto } from './dto/send-contract.dto';

/** Standard contracts from the creation screen (Home). */
@RequireAccess('homeAccess')
@Controller('contracts')
export class ContractsController {
  constructor(private readonly sending: ContractSendService) {}

  /**
   * The whole send of spec 2 §4 in one call; repeating it for the same
   * document continues an interrupted send and never sends twice.
   */
  @Post('send')
  @HttpCode(HttpStatus.OK)
  send(
    @Body() body: SendContractDto,
    @CurrentStaff() staff: StaffPrincipal,
    @Req() request: Request,
  ): Promise<ContractSendResult> {
    return this.sending.send(body, { email: staff.email, ip: clientIp(request) });
  }
}
