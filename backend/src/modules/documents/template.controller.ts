import { Body, Controller, HttpCode, HttpStatus, Post, Req, StreamableFile } from '@nestjs/common';
import { DocumentsService } from './documents.service';
import { CreateContractDto, type CreateContractResponse } from './dto/create-contract.dto';
import { GeneratePdfDto } from './dto/generate-pdf.dto';
import { MergeDocsDto, type MergeDocsResponse } from './dto/merge-docs.dto';
import { pdfFile } from './pdf-response';
import { RequireAccess, SignerMayCall } from '../../platform/auth/auth.decorators';
import type { StaffRequest } from '../../platform/auth/staff-principal';
import { SignerCallsService } from '../signing/signer-calls.service';
import { SignerRateLimit } from '../signing/signer-throttle';

/**
 * Template calls of spec 2 §7 and spec 1 §7. Staff authentication arrives with
 * its own issue; signer calls needing a contract record arrive with contracts.
 */
@RequireAccess('homeAccess')
@Controller('template')
export class TemplateController {
  constructor(
    private readonly documents: DocumentsService,
    private readonly signerCalls: SignerCallsService,
  ) {}

  @Post('create-contract')
  createContract(@Body() body: CreateContractDto): Promise<CreateContractResponse> {
    return this.documents.createContract(body.docLink, body.formData);
  }

  @Post('generate-pdf')
  @HttpCode(HttpStatus.OK)
  async generatePdf(@Body() body: GeneratePdfDto): Promise<StreamableFile> {
    return pdfFile(await this.documents.pdfOf(body.originalDocId), 'attachment');
  }

  /** Staff merge any two documents; a signer (captcha pass, token) gets their finish's sealed PDF. */
  @Post('merge-docs')
  @SignerMayCall()
  @SignerRateLimit()
  async mergeDocs(
    @Body() body: MergeDocsDto,
    @Req() request: StaffRequest,
  ): Promise<MergeDocsResponse> {
    if (this.signerCalls.isSignerRequest(request)) {
      return this.signerCalls.mergeForSigner(request, body.token);
    }
    const { combinedDocLink } = await this.documents.mergeDocuments(
      body.doc1,
      body.doc2,
      body.token,
    );
    return { combinedDocLink };
  }
}
