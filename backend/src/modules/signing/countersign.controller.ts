import {
  Body,
  Controller,
  Delete,
  Get,
  HttpCode,
  HttpStatus,
  Param,
  Post,
  Put,
  Req,
} from '@nestjs/common';
import type {
  CountersignDefaultsResponse,
  CountersignQueue,
  CountersignView,
  FinishSigningResponse,
  SignerSaveResponse,
} from '@prosign/domain';
import { AdminOnly, CurrentStaff } from '../../platform/auth/auth.decorators';
import {
  clientIp,
  type StaffPrincipal,
  type StaffRequest,
} from '../../platform/auth/staff-principal';
import { CountersignService } from './countersign.service';
import {
  CountersignDefaultDto,
  CountersignFinishDto,
  CountersignParams,
} from './dto/countersign.dto';
import { TextSignatureDto } from './dto/link-signer.dto';
import type { SignerActor } from './signer-events';

function actorOf(request: StaffRequest): SignerActor {
  return { ip: clientIp(request) ?? null, userAgent: request.headers['user-agent'] ?? null };
}

/**
 * The firm's countersignature: any signed-in staff member has a
 * "Waiting for my signature" queue, and signs only what names them.
 */
@Controller('countersign')
export class CountersignController {
  constructor(private readonly countersign: CountersignService) {}

  @Get('mine')
  queue(@CurrentStaff() staff: StaffPrincipal): Promise<CountersignQueue> {
    return this.countersign.queue(staff.email);
  }

  /** The countersigner each family's creation screen proposes (every staff member reads it). */
  @Get('defaults')
  defaults(): Promise<CountersignDefaultsResponse> {
    return this.countersign.defaults();
  }

  @Put('defaults')
  @AdminOnly()
  setDefault(
    @Body() body: CountersignDefaultDto,
    @CurrentStaff() staff: StaffPrincipal,
  ): Promise<CountersignDefaultsResponse> {
    return this.countersign.setDefault(body.family, body.countersigner, staff.email);
  }

  @Get(':agreementId')
  view(
    @Param() params: CountersignParams,
    @CurrentStaff() staff: StaffPrincipal,
  ): Promise<CountersignView> {
    return this.countersign.view(params.agreementId, staff.email);
  }

  /** The page opened: the first open is the countersigner's view, with its event. */
  @Post(':agreementId/open')
  @HttpCode(HttpStatus.OK)
  open(
    @Param() params: CountersignParams,
    @CurrentStaff() staff: StaffPrincipal,
    @Req() request: StaffRequest,
  ): Promise<CountersignView> {
    return this.countersign.open(params.agreementId, staff.email, actorOf(request));
  }

  @Post(':agreementId/signature')
  @HttpCode(HttpStatus.OK)
  saveSignature(
    @Param() params: CountersignParams,
    @Body() body: TextSignatureDto,
    @CurrentStaff() staff: StaffPrincipal,
    @Req() request: StaffRequest,
  ): Promise<SignerSaveResponse> {
    return this.countersign.saveSignature(
      params.agreementId,
      staff.email,
      body.textSignature,
      actorOf(request),
    );
  }

  @Delete(':agreementId/signature')
  clearSignature(
    @Param() params: CountersignParams,
    @CurrentStaff() staff: StaffPrincipal,
    @Req() request: StaffRequest,
  ): Promise<SignerSaveResponse> {
    return this.countersign.clearSignature(params.agreementId, staff.email, actorOf(request));
  }

  /** Agree and Finish: consent, the firm's signature stamped; the last signature seals. */
  @Post(':agreementId/finish')
  @HttpCode(HttpStatus.OK)
  finish(
    @Param() params: CountersignParams,
    @Body() body: CountersignFinishDto,
    @CurrentStaff() staff: StaffPrincipal,
    @Req() request: StaffRequest,
  ): Promise<FinishSigningResponse> {
    return this.countersign.finish(params.agreementId, staff.email, body, actorOf(request));
  }
}
