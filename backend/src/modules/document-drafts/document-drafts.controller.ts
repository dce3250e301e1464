import { Body, Controller, Get, HttpCode, HttpStatus, Param, Post, Put } from '@nestjs/common';
import type { DocumentDraft, DocumentDraftSaved } from '@prosign/domain';
import { CurrentStaff, RequireAccess } from '../../platform/auth/auth.decorators';
import type { StaffPrincipal } from '../../platform/auth/staff-principal';
import { DocumentDraftsService } from './document-drafts.service';

/**
 * Drafts of "document" agreements (libs/domain document-draft.ts): Home staff, as the upload
 * they start from. Bodies are checked by the service (draft-body.ts), which says what is wrong.
 */
@RequireAccess('homeAccess')
@Controller('documents/drafts')
export class DocumentDraftsController {
  constructor(private readonly drafts: DocumentDraftsService) {}

  @Post()
  @HttpCode(HttpStatus.CREATED)
  create(
    @Body() body: { uploadId?: unknown } | undefined,
    @CurrentStaff() staff: StaffPrincipal,
  ): Promise<DocumentDraft> {
    return this.drafts.create(body?.uploadId, staff);
  }

  @Get(':id')
  read(@Param('id') id: string, @CurrentStaff() staff: StaffPrincipal): Promise<DocumentDraft> {
    return this.drafts.read(id, staff);
  }

  @Put(':id')
  save(
    @Param('id') id: string,
    @Body() body: unknown,
    @CurrentStaff() staff: StaffPrincipal,
  ): Promise<DocumentDraftSaved> {
    return this.drafts.save(id, body, staff);
  }
}
