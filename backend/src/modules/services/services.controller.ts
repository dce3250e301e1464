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
import {
  SERVICE_MESSAGES,
  type PasswordCheck,
  type ServiceDeleted,
  type ServiceFormDefinition,
  type ServiceRecord,
  type ServiceSaved,
  type ServicesReordered,
} from '@prosign/domain';
import type { Request } from 'express';
import { AdminOnly, CurrentStaff, RequireAccess } from '../../platform/auth/auth.decorators';
import { clientIp, type StaffPrincipal } from '../../platform/auth/staff-principal';
import { DeletePasswordService } from './delete-password.service';
import {
  CreateServiceDto,
  ReorderServicesDto,
  ServiceIdParam,
  SetDeletePasswordDto,
  UpdateServiceDto,
  VerifyPasswordDto,
} from './dto/service.dto';
import { ServicesService } from './services.service';

/** The service calls of spec 1 §7, plus reorder and the admin's delete-password change. */
@RequireAccess('servicesAccess')
@Controller('service')
export class ServicesController {
  constructor(
    private readonly services: ServicesService,
    private readonly deletePassword: DeletePasswordService,
  ) {}

  /** Also read by contract creation (spec 2 §7): the dropdown shows this order. */
  @Get('get-services')
  @RequireAccess('servicesAccess', 'homeAccess')
  list(): Promise<ServiceRecord[]> {
    return this.services.list();
  }

  @Post('create')
  async create(
    @Body() body: CreateServiceDto,
    @CurrentStaff() actor: StaffPrincipal,
  ): Promise<ServiceSaved> {
    const service = await this.services.create(body, actor);
    return { message: SERVICE_MESSAGES.created, service };
  }

  @Put('reorder')
  async reorder(
    @Body() body: ReorderServicesDto,
    @CurrentStaff() actor: StaffPrincipal,
  ): Promise<ServicesReordered> {
    const services = await this.services.reorder(body.ids, actor);
    return { message: SERVICE_MESSAGES.reordered, services };
  }

  @Put('delete-password')
  @AdminOnly()
  @HttpCode(HttpStatus.OK)
  async setDeletePassword(
    @Body() body: SetDeletePasswordDto,
    @CurrentStaff() actor: StaffPrincipal,
  ) {
    await this.deletePassword.change(body.password, actor.email);
    return { message: 'Delete password changed.' };
  }

  @Put('update/:id')
  async update(
    @Param() { id }: ServiceIdParam,
    @Body() body: UpdateServiceDto,
    @CurrentStaff() actor: StaffPrincipal,
  ): Promise<ServiceSaved> {
    const service = await this.services.update(id, body, actor);
    return { message: SERVICE_MESSAGES.updated, service };
  }

  @Delete('delete/:id')
  delete(
    @Param() { id }: ServiceIdParam,
    @CurrentStaff() actor: StaffPrincipal,
  ): Promise<ServiceDeleted> {
    return this.services.delete(id, actor);
  }

  @Post('verify-password')
  @HttpCode(HttpStatus.OK)
  verifyPassword(
    @Body() body: VerifyPasswordDto,
    @CurrentStaff() actor: StaffPrincipal,
    @Req() request: Request,
  ): Promise<PasswordCheck> {
    return this.deletePassword.verify(body.password, actor.sessionId, clientIp(request));
  }
}

/** Form definitions (spec 2 §7): the contract form of a service type. */
@Controller('form')
export class FormsController {
  constructor(private readonly services: ServicesService) {}

  @Get(':serviceType')
  @RequireAccess('homeAccess', 'servicesAccess')
  form(@Param('serviceType') serviceType: string): Promise<ServiceFormDefinition> {
    return this.services.formDefinition(serviceType);
  }
}
