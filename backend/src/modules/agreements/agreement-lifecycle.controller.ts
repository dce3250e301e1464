import {
  Body,
  Controller,
  HttpCode,
  HttpStatus,
  Param,
  Query,
  Req,
  RequestMapping,
  RequestMethod,
  type Type,
} from '@nestjs/common';
import {
  dashboardRoutesOf,
  dashboardAccessOf,
  type AgreementFamily,
  type AgreementIdActionRequest,
  type DashboardCall,
  type DashboardRoute,
  type DashboardRoutes,
} from '@prosign/domain';
import { IsMongoId, IsNotEmpty, IsOptional, IsString, MaxLength } from 'class-validator';
import type { Request } from 'express';
import { CurrentStaff, RequireAccess } from '../../platform/auth/auth.decorators';
import { staffActor, type StaffPrincipal } from '../../platform/auth/staff-principal';
import { AgreementListQuery } from '../../platform/validation/page-query.dto';
import { familyConfig } from './agreement-family';
import { AgreementLifecycleService } from './agreement-lifecycle.service';
import type { AgreementRef } from './lifecycle-actor';
import { AgreementListService } from './agreement-list.service';
import {
  AgreementTokenDto,
  TokenMarkAsSignedDto,
  TokenReminderDto,
} from './dto/agreement-action.dto';
import { HandoverDto, TokenChangeSignerDto } from './dto/handover.dto';
import { ReopenEmailCodeDto, TokenReopenEmailCodeDto } from './dto/reopen-email-code.dto';

export interface LifecycleControllerOptions {
  /** The controller's class name (route tables and logs name it). */
  name: string;
}

type RefAction = Exclude<DashboardCall, 'list' | 'card'>;

/**
 * The lifecycle method each action runs on the agreement the call names (Edit and
 * Resend: allowed? then the saved form, to prefill the creation screen with).
 */
const PERFORM = {
  cancel: 'cancel',
  markAsSigned: 'markAsSigned',
  void: 'void',
  delete: 'delete',
  resend: 'resend',
  editAndResend: 'editResend',
  sendReminder: 'sendReminder',
  changeSigner: 'changeSigner',
  reopenEmailCode: 'reopenEmailCode',
} as const satisfies Record<RefAction, keyof AgreementLifecycleService>;

/**
 * A family dashboard's list and actions, on the routes libs/domain names for it
 * (`dashboardRoutesOf`, which the browser calls too): for SOW and
 * change orders `GET /api/{prefix}/get-contracts` and
 * `POST /api/{prefix}/{manual-signed, delete-contract, update-resend,
 * update-edit-resend, cancel-contract, send-reminder, void-contract}` with
 * `{id, performedBy}` (performedBy ignored: the actor is the session's); for
 * standard contracts spec 2 §7's routes with `{token}`. Each action is checked
 * against the family's action table by the agreement core (who may, from which
 * status, the reminder lock); every route needs the family's dashboard flag.
 * One controller class per family, built here (Nest's mixin pattern; the
 * routes are added to it from the map).
 */
export function agreementLifecycleController<TCard>(
  family: AgreementFamily,
  options: LifecycleControllerOptions,
): Type<unknown> {
  const { idNoun } = familyConfig<object, TCard>(family);
  const routes = dashboardRoutesOf(family);

  /** A dashboard action on one agreement of the family, named by its id. */
  class IdActionDto implements AgreementIdActionRequest {
    @IsMongoId({ message: `id must be ${idNoun}` })
    id: string;

    @IsOptional() @IsString() @MaxLength(320) performedBy?: string;
    @IsOptional() @IsString() @MaxLength(320) deletedBy?: string;
  }

  /** Re-open a signer's locked e-mail code step on an agreement named by its id. */
  class IdReopenEmailCodeDto extends ReopenEmailCodeDto {
    @IsMongoId({ message: `id must be ${idNoun}` })
    id: string;

    @IsOptional() @IsString() @MaxLength(320) performedBy?: string;
  }

  /** Change signer on an agreement named by its id: whose place, and who instead. */
  class IdChangeSignerDto extends HandoverDto {
    @IsMongoId({ message: `id must be ${idNoun}` })
    id: string;

    @IsString({ message: 'recipientId is required' })
    @IsNotEmpty({ message: 'recipientId is required' })
    @MaxLength(100)
    recipientId: string;

    @IsOptional() @IsString() @MaxLength(320) performedBy?: string;
  }

  @RequireAccess(dashboardAccessOf(family))
  @Controller()
  class FamilyLifecycleController {
    constructor(
      readonly lists: AgreementListService,
      readonly lifecycle: AgreementLifecycleService,
    ) {}
  }

  const proto = FamilyLifecycleController.prototype as unknown as Record<string, unknown>;
  const addRoute = (
    key: string,
    route: DashboardRoute,
    handler: (this: FamilyLifecycleController, ...args: never[]) => Promise<unknown>,
    params: Array<{ type: unknown; decorate: ParameterDecorator }>,
  ) => {
    Object.defineProperty(proto, key, { value: handler, writable: true, configurable: true });
    // The validation pipe reads each parameter's class from this metadata, as TypeScript emits it.
    Reflect.defineMetadata(
      'design:paramtypes',
      params.map((param) => param.type),
      proto,
      key,
    );
    params.forEach((param, index) => param.decorate(proto, key, index));
    const descriptor = Object.getOwnPropertyDescriptor(proto, key)!;
    RequestMapping({ path: route.path, method: RequestMethod[route.method] })(
      proto,
      key,
      descriptor,
    );
    if (route.method === 'POST') HttpCode(HttpStatus.OK)(proto, key, descriptor);
  };

  for (const [action, actionRoutes] of Object.entries(routes.calls) as Array<
    [DashboardCall, readonly DashboardRoute[]]
  >) {
    actionRoutes.forEach((route, index) => {
      const key = `${action}${index === 0 ? '' : index + 1}`;
      if (action === 'list') {
        addRoute(key, route, listHandler(family, routes), [
          { type: AgreementListQuery, decorate: Query() },
        ]);
      } else if (action === 'card') {
        addRoute(
          key,
          route,
          function (this: FamilyLifecycleController, token: string) {
            return this.lists.cardByToken<TCard>(family, token);
          },
          [{ type: String, decorate: Param('token') }],
        );
      } else {
        addRoute(key, route, refHandler(family, routes, action), [
          {
            type:
              action === 'changeSigner'
                ? routes.namedBy === 'id'
                  ? IdChangeSignerDto
                  : TokenChangeSignerDto
                : action === 'reopenEmailCode'
                  ? routes.namedBy === 'id'
                    ? IdReopenEmailCodeDto
                    : TokenReopenEmailCodeDto
                  : bodyTypeOf(routes, action, IdActionDto),
            decorate: Body(),
          },
          { type: Object, decorate: CurrentStaff() },
          { type: Object, decorate: Req() },
        ]);
      }
    });
  }

  Object.defineProperty(FamilyLifecycleController, 'name', { value: options.name });
  Object.defineProperty(IdActionDto, 'name', { value: `${options.name}IdActionDto` });
  Object.defineProperty(IdChangeSignerDto, 'name', { value: `${options.name}IdChangeSignerDto` });
  Object.defineProperty(IdReopenEmailCodeDto, 'name', {
    value: `${options.name}IdReopenEmailCodeDto`,
  });
  return FamilyLifecycleController;
}

/** The list under the family's key (`filteredContracts`, or spec 2's `filteredClients`). */
function listHandler(family: AgreementFamily, routes: DashboardRoutes) {
  return async function (
    this: { lists: AgreementListService },
    query: AgreementListQuery,
  ): Promise<unknown> {
    const { filteredContracts, ...page } = await this.lists.list(family, query);
    return { [routes.listKey]: filteredContracts, ...page };
  };
}

function refHandler(family: AgreementFamily, routes: DashboardRoutes, action: RefAction) {
  return function (
    this: { lifecycle: AgreementLifecycleService },
    body: { id?: string; token?: string },
    staff: StaffPrincipal,
    request: Request,
  ): Promise<unknown> {
    const ref: AgreementRef =
      routes.namedBy === 'id' ? { id: String(body.id) } : String(body.token);
    const perform = this.lifecycle[PERFORM[action]] as (
      family: AgreementFamily,
      ref: AgreementRef,
      actor: ReturnType<typeof staffActor>,
      body: object,
    ) => Promise<unknown>;
    // The body goes along too (Change signer reads whose place and who instead from it).
    return perform.call(this.lifecycle, family, ref, staffActor(staff, request), body);
  };
}

/** The body a call of this action takes (spec 2's reminder and mark-as-signed carry extra fields). */
function bodyTypeOf(
  routes: DashboardRoutes,
  action: RefAction,
  idDto: Type<unknown>,
): Type<unknown> {
  if (routes.namedBy === 'id') return idDto;
  if (action === 'sendReminder') return TokenReminderDto;
  if (action === 'markAsSigned') return TokenMarkAsSignedDto;
  return AgreementTokenDto;
}
