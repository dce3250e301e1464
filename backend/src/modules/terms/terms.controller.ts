import { Body, Controller, Get, HttpCode, HttpStatus, Post } from '@nestjs/common';
import type { LatestTerms, TermsSaved } from '@prosign/domain';
import { CurrentStaff, RequireAccess } from '../../platform/auth/auth.decorators';
import type { StaffPrincipal } from '../../platform/auth/staff-principal';
import { SaveTermsDto } from './dto/save-terms.dto';
import { TermsService } from './terms.service';

/** The tnc calls of spec 1 §7. */
@RequireAccess('tncAccess')
@Controller('tnc')
export class TermsController {
  constructor(private readonly terms: TermsService) {}

  /** Also read by the services screen to fill terms while "Default tnc" is ticked. */
  @Get('latest')
  @RequireAccess('tncAccess', 'servicesAccess')
  latest(): Promise<LatestTerms> {
    return this.terms.latest();
  }

  @Post('save')
  @HttpCode(HttpStatus.OK)
  save(@Body() body: SaveTermsDto, @CurrentStaff() actor: StaffPrincipal): Promise<TermsSaved> {
    return this.terms.save(body.content, actor);
  }
}
