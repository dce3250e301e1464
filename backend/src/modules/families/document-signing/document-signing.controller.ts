import {
  Body,
  ConflictException,
  Controller,
  Get,
  Header,
  HttpCode,
  HttpStatus,
  Injectable,
  Param,
  PayloadTooLargeException,
  Post,
  Put,
  Req,
  StreamableFile,
  UploadedFile,
  UseInterceptors,
  type CallHandler,
  type NestInterceptor,
} from '@nestjs/common';
import {
  DOCUMENT_FAMILY_DEFINITION,
  formatBytes,
  SIGNER_MESSAGES,
  type DocumentAttachmentInfo,
  type DocumentFieldValuesSaved,
  type DocumentSigningView,
} from '@prosign/domain';
import { IsNotEmpty, IsString, MaxLength } from 'class-validator';
import type { Request } from 'express';
import { catchError, throwError, type Observable } from 'rxjs';
import { Public } from '../../../platform/auth/auth.decorators';
import { singleFileUploadLimits } from '../../../platform/validation/upload-limits';
import { CaptchaCheckedUpload, RequireCaptchaPass } from '../../captcha';
import { DocumentPdfService, pdfFile } from '../../documents';
import { closedLinkError, RequireEmailCode, SignerRateLimit, SigningService } from '../../signing';
import { DocumentFieldValuesDto } from './dto/document-field-values.dto';
import {
  ATTACHMENT_UPLOAD_MAX_BYTES,
  DocumentSignerFields,
  type FieldSeat,
} from './document-signer-fields.service';

/** The link's customId, as every link family's signer route names it. */
class CustomIdParams {
  @IsString() @IsNotEmpty() @MaxLength(200) customId: string;
}

/** multer's own "File too large" (413) said with the limit. */
@Injectable()
export class AttachmentSizeMessage implements NestInterceptor {
  intercept(_context: unknown, next: CallHandler): Observable<unknown> {
    return next
      .handle()
      .pipe(
        catchError((error: unknown) =>
          throwError(() =>
            error instanceof PayloadTooLargeException && /file too large/i.test(error.message)
              ? new PayloadTooLargeException(
                  `An attachment is at most ${formatBytes(ATTACHMENT_UPLOAD_MAX_BYTES)}.`,
                )
              : error,
          ),
        ),
      );
  }
}

/**
 * The signer's calls of a "document" agreement besides every link family's
 * (`linkSigningController`): the fields they fill on the uploaded PDF, its PDF as it stands,
 * their values and attachments. Guarded as the link family's own calls: a captcha pass and the
 * e-mail code; only the recipient whose link it is, on their turn; writes while the link is open.
 */
@Public()
@SignerRateLimit()
@Controller(DOCUMENT_FAMILY_DEFINITION.apiPrefix)
export class DocumentSigningController {
  constructor(
    private readonly signing: SigningService,
    private readonly fields: DocumentSignerFields,
    private readonly documentPdfs: DocumentPdfService,
  ) {}

  @Get('fields/:customId')
  @RequireCaptchaPass()
  @RequireEmailCode()
  async view(
    @Param() params: CustomIdParams,
    @Req() request: Request,
  ): Promise<DocumentSigningView> {
    const seat = await this.seatOf(params.customId, request);
    return this.fields.view(seat, params.customId);
  }

  /** The document's PDF as it stands (earlier signers' values drawn in); never cached. */
  @Get('pdf/:customId')
  @RequireCaptchaPass()
  @RequireEmailCode()
  @Header('Cache-Control', 'private, no-store')
  @Header('X-Content-Type-Options', 'nosniff')
  async pdf(@Param() params: CustomIdParams, @Req() request: Request): Promise<StreamableFile> {
    const { agreement } = await this.seatOf(params.customId, request);
    return pdfFile(await this.documentPdfs.pdfOf(agreement.docLink), 'inline');
  }

  @Put('field-values/:customId')
  @RequireCaptchaPass()
  @RequireEmailCode()
  async saveValues(
    @Param() params: CustomIdParams,
    @Body() body: DocumentFieldValuesDto,
    @Req() request: Request,
  ): Promise<DocumentFieldValuesSaved> {
    const seat = await this.openSeatOf(params.customId, request);
    return this.fields.saveValues(seat, body.values);
  }

  /** multipart: `file` and `fieldId` (the link is the route's). */
  @Post('attachments/:customId')
  @HttpCode(HttpStatus.OK)
  @RequireCaptchaPass()
  @RequireEmailCode()
  @CaptchaCheckedUpload('file', {
    limits: singleFileUploadLimits({ fileSize: ATTACHMENT_UPLOAD_MAX_BYTES, fields: 2 }),
    // Browsers send a file's name as UTF-8 without saying so; multer reads latin1 unless told.
    defParamCharset: 'utf8',
  })
  @UseInterceptors(AttachmentSizeMessage)
  async attach(
    @Param() params: CustomIdParams,
    @UploadedFile() file: { buffer: Buffer; originalname?: string } | undefined,
    @Body('fieldId') fieldId: unknown,
    @Req() request: Request,
  ): Promise<DocumentAttachmentInfo> {
    const seat = await this.openSeatOf(params.customId, request);
    return this.fields.attach(seat, typeof fieldId === 'string' ? fieldId : undefined, file);
  }

  /**
   * The document agreement a customId opens and whose link it is; 404 for unknown links and
   * other families', 409 for a later signer before their turn (as `linkSigningController`).
   */
  private async seatOf(customId: string, request: Request): Promise<FieldSeat> {
    const read = this.signing.seatReadFor(request, customId);
    const seat = await this.signing.seatOf(customId, DOCUMENT_FAMILY_DEFINITION.id, read);
    const recipient = seat.agreement.recipients?.find((r) => r.id === seat.recipientId);
    if (recipient?.state === 'waiting' && this.signing.linkStateOf(seat) === 'open') {
      throw new ConflictException(SIGNER_MESSAGES.notYourTurn);
    }
    return seat;
  }

  /** As `seatOf`, for a change: only while the link is open and this signer has not finished. */
  private async openSeatOf(customId: string, request: Request): Promise<FieldSeat> {
    const seat = await this.seatOf(customId, request);
    const state = this.signing.linkStateOf(seat);
    if (state !== 'open') throw closedLinkError(state);
    return seat;
  }
}
