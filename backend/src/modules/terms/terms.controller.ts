import { Body, Controller, Get, HttpCode, HttpStatus, Post } from '@nestjs/common';
import { Acting, type ActingStaff, assertAnyAccess } from '../services/acting-staff';
import { SaveTermsDto } from './dto/save-terms.dto';
import { TermsService } from './terms.service';

/** The tnc calls of spec 1 §7. */
@Controller('tnc')
export class TermsController {
  constructor(private readonly terms: TermsService) {}

  /** Also read by the services screen to fill terms while "Default tnc" is ticked. */
  @Get('latest')
  latest(@Acting() actor: ActingStaff) {
    assertAnyAccess(actor, 'tncAccess', 'servicesAccess');
    return this.terms.latest();
  }

  @Post('save')
  @HttpCode(HttpStatus.OK)
  save(@Body() body: SaveTermsDto, @Acting() actor: ActingStaff) {
    assertAnyAccess(actor, 'tncAccess');
    return this.terms.save(body.content, actor);
  }
}
