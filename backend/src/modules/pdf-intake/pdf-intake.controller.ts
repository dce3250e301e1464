import {
  Controller,
  Get,
  Header,
  HttpCode,
  NotFoundException,
  Param,
  StreamableFile,
  HttpStatus,
  Injectable,
  PayloadTooLargeException,
  Post,
  UploadedFile,
  UseInterceptors,
  type CallHandler,
  type NestInterceptor,
} from '@nestjs/common';
import { FileInterceptor } from '@nestjs/platform-express';
import type { UploadedPdf } from '@prosign/domain';
import { catchError, throwError, type Observable } from 'rxjs';
import { CurrentStaff, RequireAccess } from '../../platform/auth/auth.decorators';
import type { StaffPrincipal } from '../../platform/auth/staff-principal';
import { pdfFile } from '../documents';
import { tooLarge } from './pdf-admission';
import { PdfIntakeService } from './pdf-intake.service';

/** The part of multer's file the intake reads. */
interface UploadedPdfFile {
  buffer: Buffer;
  originalname: string;
}

/** The multipart field the PDF comes in. */
const UPLOAD_FIELD = 'file';

/** multer's own "File too large" (413) said as the intake says it, with the limit. */
@Injectable()
export class UploadSizeMessage implements NestInterceptor {
  constructor(private readonly intake: PdfIntakeService) {}

  intercept(_context: unknown, next: CallHandler): Observable<unknown> {
    return next
      .handle()
      .pipe(
        catchError((error: unknown) =>
          throwError(() =>
            error instanceof PayloadTooLargeException && /file too large/i.test(error.message)
              ? tooLarge(this.intake.limits)
              : error,
          ),
        ),
      );
  }
}

/** Staff upload a PDF to become a "document" agreement (fields placed on it for each signer). */
@RequireAccess('homeAccess')
@Controller('documents')
export class PdfIntakeController {
  constructor(private readonly intake: PdfIntakeService) {}

  // multer's limits (one file, no text fields, the size) come from MulterModule in
  // pdf-intake.module.ts, since the size is configuration.
  @Post('upload')
  @HttpCode(HttpStatus.OK)
  @UseInterceptors(UploadSizeMessage, FileInterceptor(UPLOAD_FIELD))
  upload(
    @UploadedFile() file: UploadedPdfFile | undefined,
    @CurrentStaff() staff: StaffPrincipal,
  ): Promise<UploadedPdf> {
    return this.intake.intake(file?.buffer, file?.originalname, staff.email);
  }

  /**
   * The upload as stored, cleaned (tag texts covered, active content taken out): what the
   * builder shows, so staff place fields on the file that will be signed. Its uploader's or an
   * admin's; 404 for anyone else as for no such upload.
   */
  @Get('uploads/:uploadId/pdf')
  @Header('Cache-Control', 'no-store')
  @Header('X-Content-Type-Options', 'nosniff')
  async storedPdf(
    @Param('uploadId') uploadId: string,
    @CurrentStaff() staff: StaffPrincipal,
  ): Promise<StreamableFile> {
    const stored = await this.intake.storedPdf(uploadId, staff);
    if (!stored) throw new NotFoundException('No such uploaded PDF.');
    const title = stored.fileName.replace(/\.pdf$/i, '');
    return pdfFile({ docId: uploadId, title, pdf: stored.pdf }, 'inline');
  }
}
