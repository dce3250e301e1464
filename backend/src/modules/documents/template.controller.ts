import {
  Body,
  type CanActivate,
  Controller,
  type ExecutionContext,
  ForbiddenException,
  HttpCode,
  HttpStatus,
  Injectable,
  Post,
  Req,
  StreamableFile,
  UseGuards,
} from '@nestjs/common';
import type { CreatedContract } from '@prosign/domain';
import { DocumentsService } from './documents.service';
import { CreateContractDto } from './dto/create-contract.dto';
import { GeneratePdfDto } from './dto/generate-pdf.dto';
import { MergeDocsDto, type MergeDocsResponse } from './dto/merge-docs.dto';
import { pdfFile } from './pdf-response';
import { RequireAccess, SignerMayCall } from '../../platform/auth/auth.decorators';
import type { StaffRequest } from '../../platform/auth/staff-principal';
import { SignerCallsService, SignerRateLimit } from '../signing';

export const STAFF_MERGE_REFUSED =
  'The signed agreement is sealed when the client finishes signing; staff cannot merge documents.';

/** Refuses a staff session before anything else (the body is not even read). */
@Injectable()
class RefuseStaffGuard implements CanActivate {
  canActivate(context: ExecutionContext): boolean {
    if (context.switchToHttp().getRequest<StaffRequest>().staff) {
      throw new ForbiddenException(STAFF_MERGE_REFUSED);
    }
    return true;
  }
}

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
  createContract(@Body() body: CreateContractDto): Promise<CreatedContract> {
    return this.documents.createContract(body.docLink, body.formData);
  }

  @Post('generate-pdf')
  @HttpCode(HttpStatus.OK)
  async generatePdf(@Body() body: GeneratePdfDto): Promise<StreamableFile> {
    return pdfFile(await this.documents.pdfOf(body.originalDocId), 'attachment');
  }

  /**
   * A signer's finishing call (captcha pass, token): runs their finish and answers
   * with its sealed PDF. Staff have no use of it — the completion pipeline builds
   * the sealed signed agreement — and are refused, so no staff member can seal two
   * documents of their choice as a signed agreement.
   */
  @Post('merge-docs')
  @SignerMayCall()
  @SignerRateLimit()
  @UseGuards(RefuseStaffGuard)
  async mergeDocs(
    @Body() body: MergeDocsDto,
    @Req() request: StaffRequest,
  ): Promise<MergeDocsResponse> {
    return this.signerCalls.mergeForSigner(request, body.token);
  }
}
