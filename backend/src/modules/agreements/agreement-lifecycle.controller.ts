import {
  Body,
  Controller,
  Get,
  HttpCode,
  HttpStatus,
  Post,
  Query,
  Req,
  type Type,
} from '@nestjs/common';
import {
  AGREEMENT_FAMILY_PLACES,
  dashboardAccessOf,
  type AgreementDeleted,
  type AgreementFamily,
  type AgreementForEditing,
  type AgreementIdActionRequest,
  type AgreementResent,
  type AgreementStatusChanged,
  type AgreementVoided,
  type FamilyListResponse,
  type ReminderSent,
} from '@prosign/domain';
import { IsMongoId, IsOptional, IsString, MaxLength } from 'class-validator';
import type { Request } from 'express';
import { CurrentStaff, RequireAccess } from '../../platform/auth/auth.decorators';
import { staffActor, type StaffPrincipal } from '../../platform/auth/staff-principal';
import { AgreementListQuery } from '../../platform/validation/page-query.dto';
import { AgreementLifecycleService } from './agreement-lifecycle.service';
import { familyConfig } from './agreement-family';
import { AgreementListService } from './agreement-list.service';

export interface LifecycleControllerOptions {
  /** The controller's class name (route tables and logs name it). */
  name: string;
}

/**
 * A family dashboard's list and actions (spec 2 §7 "Change-order family",
 * spec 3 §4, §7): `GET get-contracts` and `POST {manual-signed, delete-contract,
 * update-resend, update-edit-resend, cancel-contract, send-reminder,
 * void-contract}` with `{id, performedBy}` (performedBy ignored: the actor is
 * the session's). Each action is checked against the family's action table by
 * the agreement core (who may, from which status, the reminder lock). One
 * controller class per family, built here (Nest's mixin pattern).
 */
export function agreementLifecycleController<TCard>(
  family: AgreementFamily,
  options: LifecycleControllerOptions,
): Type<unknown> {
  /** A dashboard action on one agreement of the family, named by its id. */
  class IdActionDto implements AgreementIdActionRequest {
    @IsMongoId({ message: `id must be ${familyConfig(family).idNoun}` })
    id: string;

    @IsOptional() @IsString() @MaxLength(320) performedBy?: string;
    @IsOptional() @IsString() @MaxLength(320) deletedBy?: string;
  }

  // The family's dashboard flag and api prefix (`sow` → `/api/sow/get-contracts`), from its one place.
  @RequireAccess(dashboardAccessOf(family))
  @Controller(AGREEMENT_FAMILY_PLACES[family].apiPrefix)
  class FamilyLifecycleController {
    constructor(
      private readonly lists: AgreementListService,
      private readonly lifecycle: AgreementLifecycleService,
    ) {}

    @Get('get-contracts')
    contracts(@Query() query: AgreementListQuery): Promise<FamilyListResponse<TCard>> {
      return this.lists.list<TCard>(family, query);
    }

    @Post('cancel-contract')
    @HttpCode(HttpStatus.OK)
    cancel(
      @Body() body: IdActionDto,
      @CurrentStaff() staff: StaffPrincipal,
      @Req() request: Request,
    ): Promise<AgreementStatusChanged> {
      return this.lifecycle.cancel(family, { id: body.id }, staffActor(staff, request));
    }

    @Post('manual-signed')
    @HttpCode(HttpStatus.OK)
    markAsSigned(
      @Body() body: IdActionDto,
      @CurrentStaff() staff: StaffPrincipal,
      @Req() request: Request,
    ): Promise<AgreementStatusChanged> {
      return this.lifecycle.markAsSigned(family, { id: body.id }, staffActor(staff, request));
    }

    @Post('void-contract')
    @HttpCode(HttpStatus.OK)
    voidContract(
      @Body() body: IdActionDto,
      @CurrentStaff() staff: StaffPrincipal,
      @Req() request: Request,
    ): Promise<AgreementVoided> {
      return this.lifecycle.void(family, { id: body.id }, staffActor(staff, request));
    }

    @Post('delete-contract')
    @HttpCode(HttpStatus.OK)
    delete(
      @Body() body: IdActionDto,
      @CurrentStaff() staff: StaffPrincipal,
      @Req() request: Request,
    ): Promise<AgreementDeleted> {
      return this.lifecycle.delete(family, { id: body.id }, staffActor(staff, request));
    }

    @Post('update-resend')
    @HttpCode(HttpStatus.OK)
    resend(
      @Body() body: IdActionDto,
      @CurrentStaff() staff: StaffPrincipal,
      @Req() request: Request,
    ): Promise<AgreementResent> {
      return this.lifecycle.resend(family, { id: body.id }, staffActor(staff, request));
    }

    /** Edit and Resend: allowed? then the agreement's saved form, to prefill the creation screen with. */
    @Post('update-edit-resend')
    @HttpCode(HttpStatus.OK)
    editResend(
      @Body() body: IdActionDto,
      @CurrentStaff() staff: StaffPrincipal,
      @Req() request: Request,
    ): Promise<AgreementForEditing<object>> {
      return this.lifecycle.editResend(family, { id: body.id }, staffActor(staff, request));
    }

    @Post('send-reminder')
    @HttpCode(HttpStatus.OK)
    sendReminder(
      @Body() body: IdActionDto,
      @CurrentStaff() staff: StaffPrincipal,
      @Req() request: Request,
    ): Promise<ReminderSent> {
      return this.lifecycle.sendReminder(family, { id: body.id }, staffActor(staff, request));
    }
  }

  Object.defineProperty(FamilyLifecycleController, 'name', { value: options.name });
  Object.defineProperty(IdActionDto, 'name', { value: `${options.name}IdActionDto` });
  return FamilyLifecycleController;
}
