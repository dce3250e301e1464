import { Body, Controller, HttpCode, HttpStatus, Post, Req } from '@nestjs/common';
import { DOCUMENT_FAMILY_DEFINITION, type DocumentCreateResponse } from '@prosign/domain';
import type { Request } from 'express';
import { CurrentStaff, RequireAccess } from '../../../platform/auth/auth.decorators';
import { staffActor, type StaffPrincipal } from '../../../platform/auth/staff-principal';
import type { CreationSendResult } from '../../agreements';
import { FamilySendCopyDto } from '../../family-routes';
import { DocumentCreationService } from './document-creation.service';
import { DocumentCreateDto } from './dto/document-creation.dto';

/**
 * A "document" agreement's creation and send (`/api/document/…`), for staff with the
 * documents flag. The send's body is the send form plus every family's send envelope, taken
 * raw: `sendBodyOf` checks the envelope, `documentFormOf` the form.
 */
@RequireAccess(DOCUMENT_FAMILY_DEFINITION.dashboard.access)
@Controller(DOCUMENT_FAMILY_DEFINITION.apiPrefix)
export class DocumentCreationController {
  constructor(private readonly creation: DocumentCreationService) {}

  @Post('create-contract')
  @HttpCode(HttpStatus.OK)
  createContract(
    @Body() body: DocumentCreateDto,
    @CurrentStaff() staff: StaffPrincipal,
  ): Promise<DocumentCreateResponse> {
    return this.creation.create(body, staff);
  }

  @Post('send-contract')
  @HttpCode(HttpStatus.OK)
  sendContract(
    @Body() body: Record<string, unknown>,
    @CurrentStaff() staff: StaffPrincipal,
    @Req() request: Request,
  ): Promise<CreationSendResult> {
    return this.creation.send(body, staffActor(staff, request));
  }

  @Post('send-contract-cc')
  @HttpCode(HttpStatus.OK)
  sendContractCc(
    @Body() body: FamilySendCopyDto,
    @CurrentStaff() staff: StaffPrincipal,
    @Req() request: Request,
  ): Promise<{ success: true }> {
    return this.creation.sendCopy(body.docLink, staffActor(staff, request));
  }
}
