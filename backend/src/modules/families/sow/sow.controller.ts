import {
  Body,
  type CanActivate,
  Controller,
  type ExecutionContext,
  ForbiddenException,
  Injectable,
  UseGuards,
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
  SowCreatedContract,
  SowFormFieldsResponse,
  SowMissingPropertiesResponse,
  SowPartnersResponse,
  SowProjectResponse,
  SowProjectsResponse,
  SowSendResult,
  SowServicesTemplateView,
  SowServicesUpdated,
  SowTemplatesResponse,
  SowUpdateCrmResponse,
} from '@prosign/domain';
import type { Request } from 'express';
import { CurrentStaff, RequireAccess } from '../../../platform/auth/auth.decorators';
import {
  staffActor,
  type StaffPrincipal,
  type StaffRequest,
} from '../../../platform/auth/staff-principal';
import {
  SowCreateContractDto,
  SowMissingPropertiesDto,
  SowPartnerSearchQuery,
  SowProjectDto,
  SowProjectsQuery,
  SowSendContractDto,
  SowSendCopyDto,
  SowServicesUpdateDto,
  SowUpdateCrmDto,
} from './dto/sow.dto';
import { SowCreationService } from './sow-creation.service';
import { SowCrmService } from './sow-crm.service';
import { SowTemplatesService } from './sow-templates.service';

/** Spec 3 §6: only admins save SOW services texts; others get this. */
export const SOW_TEMPLATE_UNAUTHORIZED =
  'Unauthorized: You do not have permission to update the SOW services and deliverables.';

/** Runs before the body is validated, so a non-admin learns only that they may not save. */
@Injectable()
class SowTemplateAdminGuard implements CanActivate {
  canActivate(context: ExecutionContext): boolean {
    const staff = context.switchToHttp().getRequest<StaffRequest>().staff;
    if (!staff?.isAdmin) throw new ForbiddenException(SOW_TEMPLATE_UNAUTHORIZED);
    return true;
  }
}

/** SOW creation (/sow) and the services/deliverables templates (/sow-template-edit): spec 3 §7. */
@Controller('sow')
export class SowController {
  constructor(
    private readonly templates: SowTemplatesService,
    private readonly creation: SowCreationService,
    private readonly crm: SowCrmService,
  ) {}

  @Get('get-templates')
  @RequireAccess('sowAccess', 'sowServicesEditAccess')
  getTemplates(): Promise<SowTemplatesResponse> {
    return this.templates.list();
  }

  @Get('get-form-fields/:name')
  @RequireAccess('sowAccess')
  getFormFields(@Param('name') name: string): Promise<SowFormFieldsResponse> {
    return this.templates.formFields(name);
  }

  @Get('services-deliverables/name/:name')
  @RequireAccess('sowAccess', 'sowServicesEditAccess')
  servicesByName(@Param('name') name: string): Promise<SowServicesTemplateView> {
    return this.templates.byName(name);
  }

  /** Opening the edit screen needs sowServicesEditAccess; saving is for admins only (spec 3 §6). */
  @Put('services-deliverables/:id')
  @RequireAccess('sowServicesEditAccess')
  @UseGuards(SowTemplateAdminGuard)
  updateServices(
    @Param('id') id: string,
    @Body() body: SowServicesUpdateDto,
    @CurrentStaff() staff: StaffPrincipal,
  ): Promise<SowServicesUpdated> {
    return this.templates.updateServices(id, body.services, staff.email);
  }

  @Post('create-contract')
  @RequireAccess('sowAccess')
  @HttpCode(HttpStatus.OK)
  createContract(@Body() body: SowCreateContractDto): Promise<SowCreatedContract> {
    return this.creation.create(body);
  }

  @Post('send-contract')
  @RequireAccess('sowAccess')
  @HttpCode(HttpStatus.OK)
  sendContract(
    @Body() body: SowSendContractDto,
    @CurrentStaff() staff: StaffPrincipal,
    @Req() request: Request,
  ): Promise<SowSendResult> {
    return this.creation.send(body, staffActor(staff, request));
  }

  @Post('send-contract-cc')
  @RequireAccess('sowAccess')
  @HttpCode(HttpStatus.OK)
  sendContractCc(
    @Body() body: SowSendCopyDto,
    @CurrentStaff() staff: StaffPrincipal,
    @Req() request: Request,
  ): Promise<{ success: true }> {
    return this.creation.sendCopy(body.docLink, staffActor(staff, request));
  }

  @Get('get-projects-by-address')
  @RequireAccess('sowAccess')
  projectsByAddress(@Query() query: SowProjectsQuery): Promise<SowProjectsResponse> {
    return this.crm.projectsByAddress(query.address);
  }

  @Post('get-project')
  @RequireAccess('sowAccess')
  @HttpCode(HttpStatus.OK)
  project(@Body() body: SowProjectDto): Promise<SowProjectResponse> {
    return this.crm.project(body.recordId);
  }

  @Get('search-cps')
  @RequireAccess('sowAccess')
  searchPartners(@Query() query: SowPartnerSearchQuery): Promise<SowPartnersResponse> {
    return this.crm.partners(query.search ?? '');
  }

  @Post('update-hs')
  @RequireAccess('sowAccess')
  @HttpCode(HttpStatus.OK)
  updateCrm(@Body() body: SowUpdateCrmDto): Promise<SowUpdateCrmResponse> {
    return this.crm.updateCrm(body);
  }

  @Post('get-missing-properties')
  @RequireAccess('sowAccess')
  @HttpCode(HttpStatus.OK)
  missingProperties(@Body() body: SowMissingPropertiesDto): Promise<SowMissingPropertiesResponse> {
    return this.crm.missingProperties(body.projectId, body.cpId);
  }
}
