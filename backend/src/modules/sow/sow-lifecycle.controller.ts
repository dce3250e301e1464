import { Body, Controller, Get, HttpCode, HttpStatus, Post, Query, Req } from '@nestjs/common';
import type {
  AgreementDeleted,
  AgreementForEditing,
  AgreementResent,
  AgreementStatusChanged,
  AgreementVoided,
  ReminderSent,
  SowListResponse,
} from '@prosign/domain';
import type { Request } from 'express';
import { CurrentStaff, RequireAccess } from '../../platform/auth/auth.decorators';
import { staffActor, type StaffPrincipal } from '../../platform/auth/staff-principal';
import { AgreementLifecycleService } from '../agreements';
import { SowActionDto, SowListQueryDto } from './dto/sow-lifecycle.dto';
import { SowListService } from './sow-list.service';

/**
 * The SOW dashboard (spec 3 §2, §4, §7): the list and each action, checked
 * against the SOW action table by the agreement core (delete: admins only).
 */
@RequireAccess('sowDashboardAccess')
@Controller('sow')
export class SowLifecycleController {
  constructor(
    private readonly list: SowListService,
    private readonly lifecycle: AgreementLifecycleService,
  ) {}

  @Get('get-contracts')
  contracts(@Query() query: SowListQueryDto): Promise<SowListResponse> {
    return this.list.list(query);
  }

  @Post('cancel-contract')
  @HttpCode(HttpStatus.OK)
  cancel(
    @Body() body: SowActionDto,
    @CurrentStaff() staff: StaffPrincipal,
    @Req() request: Request,
  ): Promise<AgreementStatusChanged> {
    return this.lifecycle.cancel('sow', { id: body.id }, staffActor(staff, request));
  }

  @Post('manual-signed')
  @HttpCode(HttpStatus.OK)
  markAsSigned(
    @Body() body: SowActionDto,
    @CurrentStaff() staff: StaffPrincipal,
    @Req() request: Request,
  ): Promise<AgreementStatusChanged> {
    return this.lifecycle.markAsSigned('sow', { id: body.id }, staffActor(staff, request));
  }

  @Post('void-contract')
  @HttpCode(HttpStatus.OK)
  voidContract(
    @Body() body: SowActionDto,
    @CurrentStaff() staff: StaffPrincipal,
    @Req() request: Request,
  ): Promise<AgreementVoided> {
    return this.lifecycle.void('sow', { id: body.id }, staffActor(staff, request));
  }

  @Post('delete-contract')
  @HttpCode(HttpStatus.OK)
  delete(
    @Body() body: SowActionDto,
    @CurrentStaff() staff: StaffPrincipal,
    @Req() request: Request,
  ): Promise<AgreementDeleted> {
    return this.lifecycle.delete('sow', { id: body.id }, staffActor(staff, request));
  }

  @Post('update-resend')
  @HttpCode(HttpStatus.OK)
  resend(
    @Body() body: SowActionDto,
    @CurrentStaff() staff: StaffPrincipal,
    @Req() request: Request,
  ): Promise<AgreementResent> {
    return this.lifecycle.resend('sow', { id: body.id }, staffActor(staff, request));
  }

  /** Edit and Resend: allowed? then the SOW's saved form, to prefill /sow with. */
  @Post('update-edit-resend')
  @HttpCode(HttpStatus.OK)
  editResend(
    @Body() body: SowActionDto,
    @CurrentStaff() staff: StaffPrincipal,
    @Req() request: Request,
  ): Promise<AgreementForEditing<object>> {
    return this.lifecycle.editResend('sow', { id: body.id }, staffActor(staff, request));
  }

  @Post('send-reminder')
  @HttpCode(HttpStatus.OK)
  sendReminder(
    @Body() body: SowActionDto,
    @CurrentStaff() staff: StaffPrincipal,
    @Req() request: Request,
  ): Promise<ReminderSent> {
    return this.lifecycle.sendReminder('sow', { id: body.id }, staffActor(staff, request));
  }
}
