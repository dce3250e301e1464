import { Body, Controller, Get, HttpCode, HttpStatus, Post, Query } from '@nestjs/common';
import {
  type InsightsDigestSetting,
  type InsightsQuery,
  type InsightsResponse,
} from '@prosign/domain';
import { IsBoolean } from 'class-validator';
import { CurrentStaff, RequireAccess } from '../../platform/auth/auth.decorators';
import type { StaffPrincipal } from '../../platform/auth/staff-principal';
import { InsightsDigestRepository } from './insights-digest.repository';
import { InsightsService } from './insights.service';

/** `POST /api/insights/digest`: the Monday digest on or off. */
class InsightsDigestDto implements InsightsDigestSetting {
  @IsBoolean({ message: 'weekly must be true or false' })
  weekly: boolean;
}

/**
 * The Insights page's data (issue 58, `INSIGHTS_PATHS`): every figure for a filter, and the
 * viewer's own Monday digest choice. Needs the `insightsAccess` flag; the figures count only
 * the families the viewer sees (their dashboards' flags, all for administrators).
 */
@RequireAccess('insightsAccess')
@Controller('insights')
export class InsightsController {
  constructor(
    private readonly insights: InsightsService,
    private readonly digests: InsightsDigestRepository,
  ) {}

  @Get()
  figures(
    @Query() query: InsightsQuery,
    @CurrentStaff() staff: StaffPrincipal,
  ): Promise<InsightsResponse> {
    const now = new Date();
    return this.insights.figures(staff, this.insights.filterOf(query, now), now);
  }

  @Get('digest')
  async digest(@CurrentStaff() staff: StaffPrincipal): Promise<InsightsDigestSetting> {
    return { weekly: await this.digests.isWeekly(staff.email) };
  }

  @Post('digest')
  @HttpCode(HttpStatus.OK)
  async chooseDigest(
    @Body() body: InsightsDigestDto,
    @CurrentStaff() staff: StaffPrincipal,
  ): Promise<InsightsDigestSetting> {
    await this.digests.choose(staff.email, body.weekly, new Date());
    return { weekly: body.weekly };
  }
}
