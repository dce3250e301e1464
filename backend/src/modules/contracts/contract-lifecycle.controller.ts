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
  Query,
  Req,
} from '@nestjs/common';
import type {
  AgreementDeleted,
  AgreementForEditing,
  AgreementResent,
  AgreementStatusChanged,
  AgreementVoided,
  ContractCardView,
  ContractListResponse,
  ReminderSent,
} from '@prosign/domain';
import type { Request } from 'express';
import { CurrentStaff, RequireAccess } from '../../platform/auth/auth.decorators';
import { staffActor, type StaffPrincipal } from '../../platform/auth/staff-principal';
import { AgreementLifecycleService, AgreementListService } from '../agreements';
import {
  ContractListQueryDto,
  ContractTokenDto,
  MarkAsSignedDto,
  SendReminderDto,
} from './dto/contract-lifecycle.dto';

/** The dashboard list and the user-menu actions (spec 2 §7 "Contract lifecycle"). */
@RequireAccess('dashboardAccess')
@Controller('user')
export class ContractDashboardController {
  constructor(
    private readonly lists: AgreementListService,
    private readonly lifecycle: AgreementLifecycleService,
  ) {}

  /** The dashboard list: the standard family's list, under spec 2's key (`filteredClients`). */
  @Get('details')
  async details(@Query() query: ContractListQueryDto): Promise<ContractListResponse> {
    const { filteredContracts, ...page } = await this.lists.list<ContractCardView>(
      'standard',
      query,
    );
    return { filteredClients: filteredContracts, ...page };
  }

  @Put('mark-as-signed')
  markAsSigned(
    @Body() body: MarkAsSignedDto,
    @CurrentStaff() staff: StaffPrincipal,
    @Req() request: Request,
  ): Promise<AgreementStatusChanged> {
    return this.lifecycle.markAsSigned('standard', body.token, staffActor(staff, request));
  }

  /** Needs userAccessAccess as well (checked with the action table). */
  @Delete('mark-as-delete')
  markAsDelete(
    @Body() body: ContractTokenDto,
    @CurrentStaff() staff: StaffPrincipal,
    @Req() request: Request,
  ): Promise<AgreementDeleted> {
    return this.lifecycle.delete('standard', body.token, staffActor(staff, request));
  }
}

@RequireAccess('dashboardAccess')
@Controller('update')
export class ContractUpdateController {
  constructor(private readonly lifecycle: AgreementLifecycleService) {}

  @Post('cancel-contract')
  @HttpCode(HttpStatus.OK)
  cancel(
    @Body() body: ContractTokenDto,
    @CurrentStaff() staff: StaffPrincipal,
    @Req() request: Request,
  ): Promise<AgreementStatusChanged> {
    return this.lifecycle.cancel('standard', body.token, staffActor(staff, request));
  }

  @Put('resend')
  resend(
    @Body() body: ContractTokenDto,
    @CurrentStaff() staff: StaffPrincipal,
    @Req() request: Request,
  ): Promise<AgreementResent> {
    return this.lifecycle.resend('standard', body.token, staffActor(staff, request));
  }

  @Put('edit-resend')
  editResend(
    @Body() body: ContractTokenDto,
    @CurrentStaff() staff: StaffPrincipal,
    @Req() request: Request,
  ): Promise<AgreementForEditing<object>> {
    return this.lifecycle.editResend('standard', body.token, staffActor(staff, request));
  }

  /** Same as POST /api/template/generate-void-pdf, under the lifecycle prefix. */
  @Post('void-contract')
  @HttpCode(HttpStatus.OK)
  voidContract(
    @Body() body: ContractTokenDto,
    @CurrentStaff() staff: StaffPrincipal,
    @Req() request: Request,
  ): Promise<AgreementVoided> {
    return this.lifecycle.void('standard', body.token, staffActor(staff, request));
  }
}

@RequireAccess('dashboardAccess')
@Controller('email')
export class ContractReminderController {
  constructor(private readonly lifecycle: AgreementLifecycleService) {}

  @Post('send-reminder')
  @HttpCode(HttpStatus.OK)
  sendReminder(
    @Body() body: SendReminderDto,
    @CurrentStaff() staff: StaffPrincipal,
    @Req() request: Request,
  ): Promise<ReminderSent> {
    return this.lifecycle.sendReminder('standard', body.token, staffActor(staff, request));
  }
}

@RequireAccess('dashboardAccess')
@Controller('template')
export class ContractVoidController {
  constructor(private readonly lifecycle: AgreementLifecycleService) {}

  /** Void (administrators only): the voided PDF is made and the contract becomes void. */
  @Post('generate-void-pdf')
  @HttpCode(HttpStatus.OK)
  generateVoidPdf(
    @Body() body: ContractTokenDto,
    @CurrentStaff() staff: StaffPrincipal,
    @Req() request: Request,
  ): Promise<AgreementVoided> {
    return this.lifecycle.void('standard', body.token, staffActor(staff, request));
  }
}

@RequireAccess('dashboardAccess')
@Controller('contracts')
export class ContractCardController {
  constructor(private readonly lists: AgreementListService) {}

  /** One listed contract's card (details modal refresh). */
  @Get('by-token/:token')
  byToken(@Param('token') token: string): Promise<ContractCardView> {
    return this.lists.cardByToken('standard', token);
  }
}
