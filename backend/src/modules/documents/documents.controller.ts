import {
  Controller,
  Get,
  Header,
  NotFoundException,
  Param,
  Req,
  StreamableFile,
} from '@nestjs/common';
import { type AgreementReading, DOC_LINK_MODES, type DocLinkMode } from '@prosign/domain';
import type { Request } from 'express';
import { DocumentReadAccess } from './document-read-access';
import { DocumentPdfService } from './document-pdf.service';
import { DocumentLayoutService } from './document-layout.service';
import { pdfFile } from './pdf-response';
import { Public } from '../../platform/auth/auth.decorators';
import { SignerLinkHeaders } from '../../platform/security/signer-link-headers';

/**
 * The target of local docLinks: `/api/documents/d/{id}/edit|view|preview`
 * serves the PDF inline, so a browser frame or tab shows it. (`edit` shows the
 * same until documents are edited in place.)
 */
// Signers open their agreement through its docLink; document ids are random (128 bits),
// so the link itself is the capability, as with a shared document link, unless the
// agreement asks its signers for an e-mail code (DocumentReadAccess). Like the signer's
// calls it is never indexed, cached or named in a referrer (SignerLinkHeaders).
@Public()
@SignerLinkHeaders()
@Controller('documents')
export class DocumentsController {
  constructor(
    private readonly documentPdfs: DocumentPdfService,
    private readonly documentLayout: DocumentLayoutService,
    private readonly access: DocumentReadAccess,
  ) {}

  /** The agreement's reading view (signing pages on phones); declared before `:mode` so it wins. */
  @Get('d/:docId/reading')
  async reading(@Param('docId') docId: string, @Req() request: Request): Promise<AgreementReading> {
    return this.documentLayout.readingOf(docId, (record) =>
      this.access.assertCanRead(request, record),
    );
  }

  @Get('d/:docId/:mode')
  @Header('X-Content-Type-Options', 'nosniff')
  async show(
    @Param('docId') docId: string,
    @Param('mode') mode: string,
    @Req() request: Request,
  ): Promise<StreamableFile> {
    if (!DOC_LINK_MODES.includes(mode as DocLinkMode)) {
      throw new NotFoundException(`Unknown document view "${mode}"; use edit, view or preview`);
    }
    const file = await this.documentPdfs.pdfOf(docId, (record) =>
      this.access.assertCanRead(request, record),
    );
    return pdfFile(file, 'inline');
  }
}
