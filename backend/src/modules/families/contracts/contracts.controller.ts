import { Body, Controller, HttpCode, HttpStatus, Post, Req } from '@nestjs/common';
import type { AgreementSendResult } from '@prosign/domain';
import type { Request } from 'express';
import { CurrentStaff, RequireAccess } from '../../../platform/auth/auth.decorators';
import { staffActor, type StaffPrincipal } from '../../../platform/auth/staff-principal';
import { ContractSendService } from './contract-send.service';
import {
  SaveTokenDto,
  SendContractCopyDto,
  SendContractDto,
  SendLinkDto,
} from './dto/send-contract.dto';

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
  ): Promise<AgreementSendResult> {
    return this.sending.send(body, staffActor(staff, request));
  }
}

/**
 * The send's steps as the separate calls of spec 2 §7, for clients that make
 * them one by one. They act on the same record as `POST /api/contracts/send`
 * (keyed by the document), so mixing them with it never sends twice.
 */
@RequireAccess('homeAccess')
@Controller('email')
export class ContractEmailController {
  constructor(private readonly sending: ContractSendService) {}

  @Post('send-link')
  @HttpCode(HttpStatus.OK)
  sendLink(
    @Body() body: SendLinkDto,
    @CurrentStaff() staff: StaffPrincipal,
    @Req() request: Request,
  ): Promise<{ unique_token: string }> {
    return this.sending.sendLink(body, staffActor(staff, request));
  }
}

@RequireAccess('homeAccess')
@Controller('template')
export class ContractCopyController {
  constructor(private readonly sending: ContractSendService) {}

  @Post('send-contract')
  @HttpCode(HttpStatus.OK)
  sendContract(
    @Body() body: SendContractCopyDto,
    @CurrentStaff() staff: StaffPrincipal,
    @Req() request: Request,
  ): Promise<{ success: true }> {
    return this.sending.sendCopy(body, staffActor(staff, request));
  }
}

@RequireAccess('homeAccess')
@Controller('token')
export class ContractTokenController {
  constructor(private readonly sending: ContractSendService) {}

  @Post('save')
  @HttpCode(HttpStatus.OK)
  save(
    @Body() body: SaveTokenDto,
    @CurrentStaff() staff: StaffPrincipal,
    @Req() request: Request,
  ): Promise<{ success: true; token: string }> {
    return this.sending.saveToken(body, staffActor(staff, request));
  }
}
