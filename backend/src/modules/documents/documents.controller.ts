import { Controller, Get, Header, NotFoundException, Param, StreamableFile } from '@nestjs/common';
import { type AgreementReading, DOC_LINK_MODES, type DocLinkMode } from '@prosign/domain';
import { DocumentsService } from './documents.service';
import { pdfFile } from './pdf-response';
import { Public } from '../../platform/auth/auth.decorators';
import { SignerLinkHeaders } from '../../platform/security/signer-link-headers';

/**
 * The target of local docLinks: `/api/documents/d/{id}/edit|view|preview`
 * serves the PDF inline, so a browser frame or tab shows it. (`edit` shows the
 * same until documents are edited in place.)
 */
// Signers open their agreement through its docLink; document ids are random (128 bits),
// so the link itself is the capability, as with a shared document link: like the signer's
// calls it is never indexed, cached or named in a referrer (SignerLinkHeaders).
@Public()
@SignerLinkHeaders()
@Controller('documents')
export class DocumentsController {
  constructor(private readonly documents: DocumentsService) {}

  /** The agreement's reading view (signing pages on phones); declared before `:mode` so it wins. */
  @Get('d/:docId/reading')
  async reading(@Param('docId') docId: string): Promise<AgreementReading> {
    return this.documents.readingOf(docId);
  }

  @Get('d/:docId/:mode')
  @Header('X-Content-Type-Options', 'nosniff')
  async show(@Param('docId') docId: string, @Param('mode') mode: string): Promise<StreamableFile> {
    if (!DOC_LINK_MODES.includes(mode as DocLinkMode)) {
      throw new NotFoundException(`Unknown document view "${mode}"; use edit, view or preview`);
    }
    return pdfFile(await this.documents.pdfOf(docId), 'inline');
  }
}
