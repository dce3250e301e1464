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
} from '@nestjs/common';
import { SERVICE_MESSAGES } from '@prosign/domain';
import { Acting, type ActingStaff, assertAdmin, assertAnyAccess } from './acting-staff';
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
@Controller('service')
export class ServicesController {
  constructor(
    private readonly services: ServicesService,
    private readonly deletePassword: DeletePasswordService,
  ) {}

  /** Also read by contract creation (spec 2 §7): the dropdown shows this order. */
  @Get('get-services')
  list(@Acting() actor: ActingStaff) {
    assertAnyAccess(actor, 'servicesAccess', 'homeAccess');
    return this.services.list();
  }

  @Post('create')
  async create(@Body() body: CreateServiceDto, @Acting() actor: ActingStaff) {
    assertAnyAccess(actor, 'servicesAccess');
    const service = await this.services.create(body, actor);
    return { message: SERVICE_MESSAGES.created, service };
  }

  @Put('reorder')
  async reorder(@Body() body: ReorderServicesDto, @Acting() actor: ActingStaff) {
    assertAnyAccess(actor, 'servicesAccess');
    const services = await this.services.reorder(body.ids, actor);
    return { message: SERVICE_MESSAGES.reordered, services };
  }

  @Put('delete-password')
  @HttpCode(HttpStatus.OK)
  async setDeletePassword(@Body() body: SetDeletePasswordDto, @Acting() actor: ActingStaff) {
    assertAnyAccess(actor, 'servicesAccess');
    assertAdmin(actor);
    await this.deletePassword.change(body.password, actor.email);
    return { message: 'Delete password changed.' };
  }

  @Put('update/:id')
  async update(
    @Param() { id }: ServiceIdParam,
    @Body() body: UpdateServiceDto,
    @Acting() actor: ActingStaff,
  ) {
    assertAnyAccess(actor, 'servicesAccess');
    const service = await this.services.update(id, body, actor);
    return { message: SERVICE_MESSAGES.updated, service };
  }

  @Delete('delete/:id')
  delete(@Param() { id }: ServiceIdParam, @Acting() actor: ActingStaff) {
    assertAnyAccess(actor, 'servicesAccess');
    return this.services.delete(id, actor);
  }

  @Post('verify-password')
  @HttpCode(HttpStatus.OK)
  verifyPassword(@Body() body: VerifyPasswordDto, @Acting() actor: ActingStaff) {
    assertAnyAccess(actor, 'servicesAccess');
    return this.deletePassword.verify(body.password, actor.sessionId, actor.ip);
  }
}

/** Form definitions (spec 2 §7): the contract form of a service type. */
@Controller('form')
export class FormsController {
  constructor(private readonly services: ServicesService) {}

  @Get(':serviceType')
  form(@Param('serviceType') serviceType: string, @Acting() actor: ActingStaff) {
    assertAnyAccess(actor, 'homeAccess', 'servicesAccess');
    return this.services.formDefinition(serviceType);
  }
}
