import { Body, Controller, HttpCode, HttpStatus, Post, Req, type Type } from '@nestjs/common';
import { familyDefinition, type AgreementFamily } from '@prosign/domain';
import type { Request } from 'express';
import { CurrentStaff, RequireAccess } from '../../platform/auth/auth.decorators';
import { staffActor, type StaffPrincipal } from '../../platform/auth/staff-principal';
import { FamilySendCopyDto } from './family-creation.dto';
import { FamilyCreationService, type FamilySendResult } from './family-creation.service';

export interface FamilyCreationControllerOptions {
  /** The controller's class name (route tables and logs name it). */
  name: string;
}

/**
 * The generic creation routes of a family whose server half has `creation`
 * (`POST /api/{apiPrefix}/create-contract`, `send-contract`, `send-contract-cc`),
 * each needing the family's dashboard flag. The create and send bodies are the
 * family's form plus the send's fields, taken raw: the family's `formOf` checks the
 * form, `family-creation.dto.ts` the rest. One class per family (Nest's mixin pattern).
 */
export function familyCreationController(
  family: AgreementFamily,
  options: FamilyCreationControllerOptions,
): Type<unknown> {
  const definition = familyDefinition(family);

  @RequireAccess(definition.dashboard.access)
  @Controller(definition.apiPrefix)
  class FamilyCreationController {
    constructor(private readonly creation: FamilyCreationService) {}

    @Post('create-contract')
    @HttpCode(HttpStatus.OK)
    createContract(@Body() body: Record<string, unknown>): Promise<{ docLink: string }> {
      return this.creation.create(family, body);
    }

    @Post('send-contract')
    @HttpCode(HttpStatus.OK)
    sendContract(
      @Body() body: Record<string, unknown>,
      @CurrentStaff() staff: StaffPrincipal,
      @Req() request: Request,
    ): Promise<FamilySendResult> {
      return this.creation.send(family, body, staffActor(staff, request));
    }

    @Post('send-contract-cc')
    @HttpCode(HttpStatus.OK)
    sendContractCc(
      @Body() body: FamilySendCopyDto,
      @CurrentStaff() staff: StaffPrincipal,
      @Req() request: Request,
    ): Promise<{ success: true }> {
      return this.creation.sendCopy(family, body.docLink, staffActor(staff, request));
    }
  }

  Object.defineProperty(FamilyCreationController, 'name', { value: options.name });
  return FamilyCreationController;
}
