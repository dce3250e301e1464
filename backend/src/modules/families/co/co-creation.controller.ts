import {
  Body,
  type CanActivate,
  Controller,
  type ExecutionContext,
  ForbiddenException,
  Get,
  HttpCode,
  HttpStatus,
  Injectable,
  Param,
  Post,
  Put,
  Req,
  UseGuards,
} from '@nestjs/common';
import type {
  CoCreatedContract,
  CoFormFieldsResponse,
  CoSendResult,
  CoTemplatesResponse,
  CoTemplateUpdated,
  CoTemplateView,
} from '@prosign/domain';
import type { Request } from 'express';
import { CurrentStaff, RequireAccess } from '../../../platform/auth/auth.decorators';
import {
  staffActor,
  type StaffPrincipal,
  type StaffRequest,
} from '../../../platform/auth/staff-principal';
import { CoCreationService } from './co-creation.service';
import { CoTemplatesService } from './co-templates.service';
import {
  CoCreateContractDto,
  CoSendContractDto,
  CoSendCopyDto,
  CoTemplateParams,
  CoTemplateUpdateDto,
} from './dto/co-creation.dto';

/** Spec 3 §6: only admins save the CO template content; others get this. */
export const CO_TEMPLATE_UNAUTHORIZED =
  'Unauthorized: You do not have permission to update the CO template content.';

/** Runs before the body is validated, so a non-admin learns only that they may not save. */
@Injectable()
class CoTemplateAdminGuard implements CanActivate {
  canActivate(context: ExecutionContext): boolean {
    const staff = context.switchToHttp().getRequest<StaffRequest>().staff;
    if (!staff?.isAdmin) throw new ForbiddenException(CO_TEMPLATE_UNAUTHORIZED);
    return true;
  }
}

/**
 * CO creation (/co, reached from Home: `homeAccess`) and the CO template
 * (/sow-template-edit, saved by admins): spec 3 §7, spec 2 §7 "Change-order
 * family".
 */
@RequireAccess('homeAccess')
@Controller('co')
export class CoCreationController {
  constructor(
    private readonly templates: CoTemplatesService,
    private readonly creation: CoCreationService,
  ) {}

  /** Loaded by /co at startup and by the template edit screen. */
  @Get('get-templates')
  @RequireAccess('homeAccess', 'sowServicesEditAccess')
  getTemplates(): Promise<CoTemplatesResponse> {
    return this.templates.list();
  }

  @Get('get-template/:id')
  @RequireAccess('homeAccess', 'sowServicesEditAccess')
  getTemplate(@Param() params: CoTemplateParams): Promise<CoTemplateView> {
    return this.templates.byId(params.id);
  }

  @Get('get-form-fields/:id')
  getFormFields(@Param() params: CoTemplateParams): Promise<CoFormFieldsResponse> {
    return this.templates.formFields(params.id);
  }

  /** Opening the edit screen needs one of the flags; saving is for admins only (spec 3 §6). */
  @Put('update/:id')
  @RequireAccess('homeAccess', 'sowServicesEditAccess')
  @UseGuards(CoTemplateAdminGuard)
  updateTemplate(
    @Param() params: CoTemplateParams,
    @Body() body: CoTemplateUpdateDto,
    @CurrentStaff() staff: StaffPrincipal,
  ): Promise<CoTemplateUpdated> {
    return this.templates.update(params.id, body.templateFields, staff.email);
  }

  @Post('create-contract')
  @HttpCode(HttpStatus.OK)
  createContract(@Body() body: CoCreateContractDto): Promise<CoCreatedContract> {
    return this.creation.create(body);
  }

  @Post('send-contract')
  @HttpCode(HttpStatus.OK)
  sendContract(
    @Body() body: CoSendContractDto,
    @CurrentStaff() staff: StaffPrincipal,
    @Req() request: Request,
  ): Promise<CoSendResult> {
    return this.creation.send(body, staffActor(staff, request));
  }

  @Post('send-contract-cc')
  @HttpCode(HttpStatus.OK)
  sendContractCc(
    @Body() body: CoSendCopyDto,
    @CurrentStaff() staff: StaffPrincipal,
    @Req() request: Request,
  ): Promise<{ success: true }> {
    return this.creation.sendCopy(body.docLink, staffActor(staff, request));
  }
}
