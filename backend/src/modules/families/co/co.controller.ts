import { Body, Controller, Get, HttpCode, HttpStatus, Param, Post, Query } from '@nestjs/common';
import type {
  CoContactsResponse,
  CoDealResponse,
  CoDealsResponse,
  CoDuplicateDealResponse,
  CoProjectLabelResponse,
  CoProjectsResponse,
  DealPropertiesCheck,
} from '@prosign/domain';
import { RequireAccess } from '../../../platform/auth/auth.decorators';
import { CoCrmService } from './co-crm.service';
import {
  CoAddressQuery,
  CoDuplicateDealDto,
  CoMissingPropertiesDto,
  CoProjectParams,
  CoRecordParams,
  CoSearchQuery,
  CoUpdateCrmDto,
} from './dto/co-crm.dto';

/** The CO screen's CRM calls (spec 3 §7 "CO helpers"), reached from Home: `homeAccess`. */
@RequireAccess('homeAccess')
@Controller('co')
export class CoCrmController {
  constructor(private readonly crm: CoCrmService) {}

  @Get('get-deals-by-address')
  dealsByAddress(@Query() query: CoAddressQuery): Promise<CoDealsResponse> {
    return this.crm.dealsByAddress(query.address);
  }

  @Get('get-deal/:id')
  deal(@Param() params: CoRecordParams): Promise<CoDealResponse> {
    return this.crm.deal(params.id);
  }

  @Get('search-contacts')
  contacts(@Query() query: CoSearchQuery): Promise<CoContactsResponse> {
    return this.crm.contacts(query.search ?? '');
  }

  @Get('search-projects')
  projects(@Query() query: CoSearchQuery): Promise<CoProjectsResponse> {
    return this.crm.projects(query.search ?? '');
  }

  @Get('get-next-project-association-label/:projectId')
  projectLabel(@Param() params: CoProjectParams): Promise<CoProjectLabelResponse> {
    return this.crm.projectLabel(params.projectId);
  }

  @Post('update-hs')
  @HttpCode(HttpStatus.OK)
  async updateCrm(@Body() body: CoUpdateCrmDto): Promise<{ success: true }> {
    await this.crm.linkToProject(body.dealId, body.projectId, body.label);
    return { success: true };
  }

  @Post('duplicate-deal')
  @HttpCode(HttpStatus.OK)
  duplicateDeal(@Body() body: CoDuplicateDealDto): Promise<CoDuplicateDealResponse> {
    return this.crm.duplicate(body.dealId, body.amount);
  }

  @Post('get-missing-properties')
  @HttpCode(HttpStatus.OK)
  missingProperties(@Body() body: CoMissingPropertiesDto): Promise<DealPropertiesCheck> {
    return this.crm.missingProperties(body.dealId, body.contactId);
  }
}
