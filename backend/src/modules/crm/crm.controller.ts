import {
  Body,
  Controller,
  Get,
  Param,
  Patch,
  Post,
  Query,
  HttpCode,
  HttpStatus,
} from '@nestjs/common';
import { CrmService } from './crm.service';
import {
  ContactByEmailQuery,
  DealByAddressQuery,
  DealIdParam,
  FetchDealByIdDto,
  OwnerQuery,
  PropertyQuery,
  SentStageMoveDto,
  UpdateAllDto,
  UpdateMissingDto,
} from './dto/crm-requests.dto';
import { RequireAccess } from '../../platform/auth/auth.decorators';

/**
 * The CRM calls of spec 2 §7 and spec 1 §7 (`{crm}` = hubspot), whichever
 * adapter runs. Staff guards arrive with the identity work.
 */
// CRM lookups and updates serve contract creation (Home).
@RequireAccess('homeAccess')
@Controller('hubspot')
export class CrmController {
  constructor(private readonly crm: CrmService) {}

  @Post('fetch-deal-by-id')
  @HttpCode(HttpStatus.OK)
  fetchDealById(@Body() body: FetchDealByIdDto) {
    return this.crm.fetchDeal(body.hsObjectId);
  }

  @Get('deal-by-address')
  dealByAddress(@Query() query: DealByAddressQuery) {
    return this.crm.dealsByAddress(query.address);
  }

  @Get('owner')
  owner(@Query() query: OwnerQuery) {
    return this.crm.owner(query.ownerId);
  }

  @Get('owners')
  owners() {
    return this.crm.owners();
  }

  @Get('property')
  property(@Query() query: PropertyQuery) {
    return this.crm.propertyOptions(query.objectType, query.propertyName);
  }

  @Get('contact-by-email')
  contactByEmail(@Query() query: ContactByEmailQuery) {
    return this.crm.contactCountByEmail(query.email);
  }

  @Get('check-deal-properties/:dealId')
  checkDealProperties(@Param() { dealId }: DealIdParam) {
    return this.crm.checkDealProperties(dealId);
  }

  @Patch('update-deal-by-prosign/:dealId/update-missing')
  updateMissing(@Param() { dealId }: DealIdParam, @Body() body: UpdateMissingDto) {
    return this.crm.updateMissing(dealId, body);
  }

  @Patch('update-deal-by-prosign/:dealId/update-all')
  updateAll(@Param() { dealId }: DealIdParam, @Body() body: UpdateAllDto) {
    return this.crm.updateAll(dealId, body.contractFormData);
  }

  @Patch('update-deal-stage-to-sent/:dealId')
  stageToSent(@Param() { dealId }: DealIdParam, @Body() body: SentStageMoveDto) {
    return this.crm.moveStage(dealId, 'sent', body.contractLink);
  }
}
