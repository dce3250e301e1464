import { Body, Controller, HttpCode, HttpStatus, Param, Post, Req } from '@nestjs/common';
import { IsOptional, IsString, Matches } from 'class-validator';
import type { Request } from 'express';
import { AdminOnly, CurrentStaff } from '../../platform/auth/auth.decorators';
import { clientIp, type StaffPrincipal } from '../../platform/auth/staff-principal';
import { SealLevelOverrides, type SealLevelLowered } from './seal-level-override.service';

class AgreementIdParam {
  @IsString()
  @Matches(/^[a-f0-9]{24}$/, { message: 'id must be an agreement id' })
  id: string;
}

class LowerSealBody {
  /** Checked against SEAL_LEVEL by the service (a level below it). */
  @IsString()
  level: string;

  @IsOptional()
  @IsString()
  reason?: string;
}

/** Admins let one waiting seal go at a lower PAdES level, on the record. */
@AdminOnly()
@Controller('admin/agreements')
export class SealLevelOverrideController {
  constructor(private readonly overrides: SealLevelOverrides) {}

  @Post(':id/seal-level')
  @HttpCode(HttpStatus.OK)
  lower(
    @Param() { id }: AgreementIdParam,
    @Body() body: LowerSealBody,
    @CurrentStaff() actor: StaffPrincipal,
    @Req() request: Request,
  ): Promise<SealLevelLowered> {
    return this.overrides.lower(id, body, { email: actor.email, ip: clientIp(request) });
  }
}
