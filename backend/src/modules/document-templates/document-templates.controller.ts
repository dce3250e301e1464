import {
  Body,
  Controller,
  Get,
  HttpCode,
  HttpStatus,
  Param,
  Post,
  Put,
  Query,
} from '@nestjs/common';
import type {
  AgreementPage,
  DocumentDraft,
  DocumentTemplate,
  DocumentTemplateSummary,
} from '@prosign/domain';
import { CurrentStaff, RequireAccess } from '../../platform/auth/auth.decorators';
import type { StaffPrincipal } from '../../platform/auth/staff-principal';
import { DocumentTemplatesService } from './document-templates.service';

/**
 * Templates of "document" agreements (libs/domain document-agreement.ts): Home staff, as the
 * builder. Bodies are checked by the service (template-body.ts), which names each problem.
 */
@RequireAccess('homeAccess')
@Controller('documents/templates')
export class DocumentTemplatesController {
  constructor(private readonly templates: DocumentTemplatesService) {}

  @Post()
  @HttpCode(HttpStatus.CREATED)
  create(@Body() body: unknown, @CurrentStaff() staff: StaffPrincipal): Promise<DocumentTemplate> {
    return this.templates.create(body, staff);
  }

  @Get()
  list(
    @Query() query: { search?: string; archived?: string; page?: string; limit?: string },
  ): Promise<AgreementPage<DocumentTemplateSummary>> {
    return this.templates.list(query);
  }

  @Get(':id')
  read(
    @Param('id') id: string,
    @Query('version') version: string | undefined,
  ): Promise<DocumentTemplate> {
    return this.templates.read(id, version);
  }

  /** A new version; the ones before stay readable (`?version=N`). */
  @Put(':id')
  saveVersion(
    @Param('id') id: string,
    @Body() body: unknown,
    @CurrentStaff() staff: StaffPrincipal,
  ): Promise<DocumentTemplate> {
    return this.templates.saveVersion(id, body, staff);
  }

  @Post(':id/archive')
  @HttpCode(HttpStatus.OK)
  archive(@Param('id') id: string): Promise<DocumentTemplateSummary> {
    return this.templates.setArchived(id, true);
  }

  @Post(':id/unarchive')
  @HttpCode(HttpStatus.OK)
  unarchive(@Param('id') id: string): Promise<DocumentTemplateSummary> {
    return this.templates.setArchived(id, false);
  }

  /** A builder draft of the template with a person for each role, which the builder sends. */
  @Post(':id/drafts')
  @HttpCode(HttpStatus.CREATED)
  draft(
    @Param('id') id: string,
    @Body() body: unknown,
    @CurrentStaff() staff: StaffPrincipal,
  ): Promise<DocumentDraft> {
    return this.templates.draft(id, body, staff);
  }
}
