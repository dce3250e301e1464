import { Body, Controller, HttpCode, HttpStatus, Post, StreamableFile } from '@nestjs/common';
import { DocumentsService } from './documents.service';
import { CreateContractDto, type CreateContractResponse } from './dto/create-contract.dto';
import { GeneratePdfDto } from './dto/generate-pdf.dto';
import { MergeDocsDto, type MergeDocsResponse } from './dto/merge-docs.dto';
import { pdfFile } from './pdf-response';
import { RequireAccess } from '../../platform/auth/auth.decorators';

/**
 * Template calls of spec 2 §7 and spec 1 §7. Staff authentication arrives with
 * its own issue; signer calls needing a contract record arrive with contracts.
 */
@RequireAccess('homeAccess')
@Controller('template')
export class TemplateController {
  constructor(private readonly documents: DocumentsService) {}

  @Post('create-contract')
  createContract(@Body() body: CreateContractDto): Promise<CreateContractResponse> {
    return this.documents.createContract(body.docLink, body.formData);
  }

  @Post('generate-pdf')
  @HttpCode(HttpStatus.OK)
  async generatePdf(@Body() body: GeneratePdfDto): Promise<StreamableFile> {
    return pdfFile(await this.documents.pdfOf(body.originalDocId), 'attachment');
  }

  @Post('merge-docs')
  async mergeDocs(@Body() body: MergeDocsDto): Promise<MergeDocsResponse> {
    const { combinedDocLink } = await this.documents.mergeDocuments(
      body.doc1,
      body.doc2,
      body.token,
    );
    return { combinedDocLink };
  }
}
