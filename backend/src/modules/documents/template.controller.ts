import { Body, Controller, HttpCode, HttpStatus, Post, StreamableFile } from '@nestjs/common';
import type { CreatedContract } from '@prosign/domain';
import { RequireAccess } from '../../platform/auth/auth.decorators';
import { DocumentPdfService } from './document-pdf.service';
import { DocumentsService } from './documents.service';
import { CreateContractDto } from './dto/create-contract.dto';
import { signatureSignersOf } from './dto/signers.dto';
import { GeneratePdfDto } from './dto/generate-pdf.dto';
import { pdfFile } from './pdf-response';

/**
 * Staff template calls of spec 2 §7 and spec 1 §7; the signer's `merge-docs` is
 * modules/signing's SignerTemplateController.
 */
@RequireAccess('homeAccess')
@Controller('template')
export class TemplateController {
  constructor(
    private readonly documents: DocumentsService,
    private readonly documentPdfs: DocumentPdfService,
  ) {}

  @Post('create-contract')
  createContract(@Body() body: CreateContractDto): Promise<CreatedContract> {
    return this.documents.createContract(
      body.docLink,
      body.formData,
      signatureSignersOf({ name: body.formData.full_name, email: body.formData.email }, body),
    );
  }

  @Post('generate-pdf')
  @HttpCode(HttpStatus.OK)
  async generatePdf(@Body() body: GeneratePdfDto): Promise<StreamableFile> {
    return pdfFile(await this.documentPdfs.pdfOf(body.originalDocId), 'attachment');
  }
}
