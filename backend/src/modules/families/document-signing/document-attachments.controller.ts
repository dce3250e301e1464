import { Controller, Get, Header, NotFoundException, Param, StreamableFile } from '@nestjs/common';
import { DOCUMENT_FAMILY_DEFINITION } from '@prosign/domain';
import { RequireAccess } from '../../../platform/auth/auth.decorators';
import { AgreementRepository } from '../../agreements';
import { StaffAttachmentParams } from './dto/document-field-values.dto';
import { DocumentSignerFields } from './document-signer-fields.service';

const NO_SUCH_ATTACHMENT = 'No such attachment.';

/**
 * A signer's attachment, for staff with the documents' flag: only ever a download — `attachment`, an opaque type and `nosniff` — so
 * whatever a signer uploaded is never rendered by the browser on our origin.
 */
@RequireAccess(DOCUMENT_FAMILY_DEFINITION.dashboard.access)
@Controller(DOCUMENT_FAMILY_DEFINITION.apiPrefix)
export class DocumentAttachmentsController {
  constructor(
    private readonly agreements: AgreementRepository,
    private readonly fields: DocumentSignerFields,
  ) {}

  @Get('attachments/:agreementId/:attachmentId')
  @Header('X-Content-Type-Options', 'nosniff')
  @Header('Cache-Control', 'private, no-store')
  @Header('Content-Security-Policy', "default-src 'none'; sandbox")
  async download(@Param() params: StaffAttachmentParams): Promise<StreamableFile> {
    const agreement = await this.agreements.findById<object>(params.agreementId);
    if (!agreement || agreement.family !== DOCUMENT_FAMILY_DEFINITION.id) {
      throw new NotFoundException(NO_SUCH_ATTACHMENT);
    }
    const file = await this.fields.attachmentFile(params.agreementId, params.attachmentId);
    if (!file) throw new NotFoundException(NO_SUCH_ATTACHMENT);
    const ascii = file.name.replace(/[^\w .()-]+/g, '_').trim() || 'attachment';
    return new StreamableFile(file.bytes, {
      type: 'application/octet-stream',
      length: file.bytes.length,
      disposition: `attachment; filename="${ascii}"; filename*=UTF-8''${encodeURIComponent(file.name)}`,
    });
  }
}
