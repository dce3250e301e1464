import { Body, Controller, Get, HttpCode, HttpStatus, Param, Post } from '@nestjs/common';
import {
  API_KEY_MAX_ROTATION_OVERLAP_HOURS,
  API_KEY_SCOPES,
  type ApiKeyCreated,
  type ApiKeyView,
} from '@prosign/domain';
import { Type } from 'class-transformer';
import {
  ArrayMaxSize,
  IsArray,
  IsDate,
  IsEmail,
  IsIn,
  IsInt,
  IsOptional,
  IsString,
  Matches,
  Max,
  MaxLength,
  Min,
} from 'class-validator';
import { AdminOnly, CurrentStaff } from '../../platform/auth/auth.decorators';
import type { StaffPrincipal } from '../../platform/auth/staff-principal';
import { ApiKeys } from './api-keys.service';

class ApiKeyIdParam {
  @IsString()
  @Matches(/^[a-f0-9]{24}$/, { message: 'id must be an API key id' })
  id: string;
}

class CreateApiKeyBody {
  /** Blank names and repeated scopes are refused by the domain rule (apiKeyRequestProblems). */
  @IsString()
  @MaxLength(100)
  name: string;

  @IsArray()
  @ArrayMaxSize(API_KEY_SCOPES.length)
  @IsIn(API_KEY_SCOPES, { each: true })
  scopes: string[];

  @IsOptional()
  @IsEmail()
  @MaxLength(254)
  ownerEmail?: string;

  @IsOptional()
  @Type(() => Date)
  @IsDate()
  expiresAt?: Date;
}

class RotateApiKeyBody {
  /** How long the old key keeps working alongside the new one; 24 h when not given. */
  @IsOptional()
  @IsInt()
  @Min(0)
  @Max(API_KEY_MAX_ROTATION_OVERLAP_HOURS)
  overlapHours?: number;
}

/** Admins create, list, revoke and rotate the keys other systems call the public api with. */
@AdminOnly()
@Controller('api-keys')
export class ApiKeysController {
  constructor(private readonly apiKeys: ApiKeys) {}

  @Get()
  list(): Promise<ApiKeyView[]> {
    return this.apiKeys.list();
  }

  @Post()
  create(
    @Body() body: CreateApiKeyBody,
    @CurrentStaff() actor: StaffPrincipal,
  ): Promise<ApiKeyCreated> {
    return this.apiKeys.create(body, actor.email);
  }

  @Post(':id/revoke')
  @HttpCode(HttpStatus.OK)
  revoke(@Param() { id }: ApiKeyIdParam): Promise<ApiKeyView> {
    return this.apiKeys.revoke(id);
  }

  @Post(':id/rotate')
  rotate(
    @Param() { id }: ApiKeyIdParam,
    @Body() body: RotateApiKeyBody,
    @CurrentStaff() actor: StaffPrincipal,
  ): Promise<ApiKeyCreated> {
    return this.apiKeys.rotate(id, actor.email, body.overlapHours);
  }
}
