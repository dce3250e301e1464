import {
  BadRequestException,
  Controller,
  Get,
  HttpCode,
  HttpStatus,
  Param,
  Post,
  UploadedFile,
  UseInterceptors,
} from '@nestjs/common';
import { FileInterceptor } from '@nestjs/platform-express';
import type { VerifyCheckResponse, VerifyDocumentView } from '@prosign/domain';
import { Public } from '../../platform/auth/auth.decorators';
import { singleFileUploadLimits } from '../../platform/validation/upload-limits';
import { VerifyIdParam } from './dto/signer.dto';
import { SignerRateLimit } from './signer-throttle';
import { VerifyService } from './verify.service';
import type { UploadedImage } from '../documents';

/** PDFs checked on the verify page are at most this large. */
const VERIFY_CHECK_MAX_BYTES = 20 * 1024 * 1024;

/** Public verification of signed documents: anyone with the link, no captcha. */
@Public()
@SignerRateLimit()
@Controller('verify')
export class VerifyController {
  constructor(private readonly verify: VerifyService) {}

  @Get(':verifyId')
  view(@Param() { verifyId }: VerifyIdParam): Promise<VerifyDocumentView> {
    return this.verify.view(verifyId);
  }

  @Post(':verifyId/check')
  @HttpCode(HttpStatus.OK)
  // The PDF alone: no text field.
  @UseInterceptors(
    FileInterceptor('file', {
      limits: singleFileUploadLimits({ fileSize: VERIFY_CHECK_MAX_BYTES, fields: 0 }),
    }),
  )
  check(
    @Param() { verifyId }: VerifyIdParam,
    @UploadedFile() file: UploadedImage | undefined,
  ): Promise<VerifyCheckResponse> {
    if (!file) throw new BadRequestException('Choose a PDF file to check.');
    return this.verify.check(verifyId, file.buffer);
  }
}
