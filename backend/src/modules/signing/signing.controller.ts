import {
  Body,
  Controller,
  Get,
  HttpCode,
  HttpStatus,
  Post,
  Query,
  Req,
  UploadedFile,
} from '@nestjs/common';
import {
  SIGNATURE_UPLOAD_MAX_BYTES,
  type DeclineResponse,
  type FinishSigningResponse,
  type HandoverResponse,
  type SignerSaveResponse,
  type SignerUserDetail,
  type VerifyTokenResponse,
} from '@prosign/domain';
import type { Request } from 'express';
import { Public } from '../../platform/auth/auth.decorators';
import { clientIp } from '../../platform/auth/staff-principal';
import { singleFileUploadLimits } from '../../platform/validation/upload-limits';
import { CaptchaCheckedUpload, RequireCaptchaPass } from '../captcha';
import {
  DeclineSigningDto,
  EditSignatureDto,
  SignerTokenDto,
  UploadImageDto,
  UploadInitialsDto,
  UploadSignatureDto,
  UserDetailQuery,
  VerifyTokenDto,
} from './dto/signer.dto';
import { RequireEmailCode } from './email-code.guard';
import { EmailCodeService } from './email-code.service';
import { SignerRateLimit } from './signer-throttle';
import { SigningDeclineService } from './signing-decline.service';
import { HandoverSigningDto } from './dto/handover-signing.dto';
import { SigningHandoverService } from './signing-handover.service';
import { SigningFinishService } from './signing-finish.service';
import { SignerSignatureService } from './signer-signature.service';
import { SigningService, type SignerActor } from './signing.service';
import type { UploadedImage } from '../documents';

function actorOf(request: Request): SignerActor {
  return { ip: clientIp(request) ?? null, userAgent: request.headers['user-agent'] ?? null };
}

/**
 * The signer's calls (spec 1 §7): no account, so a captcha pass and the
 * signing link's token stand in for a session; rate-limited per address.
 */
@Public()
@RequireCaptchaPass()
// On an agreement that requires it, a verified e-mail code before anything opens.
@RequireEmailCode()
@SignerRateLimit()
@Controller()
export class SigningController {
  constructor(
    private readonly signing: SigningService,
    private readonly signatures: SignerSignatureService,
    private readonly finishing: SigningFinishService,
    private readonly declining: SigningDeclineService,
    private readonly emailCodes: EmailCodeService,
    private readonly handingOver: SigningHandoverService,
  ) {}

  @Post('verifyToken')
  @HttpCode(HttpStatus.OK)
  verifyToken(@Body() body: VerifyTokenDto, @Req() request: Request): Promise<VerifyTokenResponse> {
    return this.signing.verifyToken(
      body.token,
      body.prefix,
      actorOf(request),
      this.signing.seatReadFor(request, body.token),
    );
  }

  @Get('user/user-detail')
  userDetail(@Query() query: UserDetailQuery, @Req() request: Request): Promise<SignerUserDetail> {
    return this.signing.userDetail(query.token, this.signing.seatReadFor(request, query.token));
  }

  @Post('template/upload-signature')
  @HttpCode(HttpStatus.OK)
  uploadSignature(
    @Body() body: UploadSignatureDto,
    @Req() request: Request,
  ): Promise<SignerSaveResponse> {
    return this.signatures.saveTypedSignature(
      body.token,
      body,
      actorOf(request),
      this.signing.seatReadFor(request, body.token),
    );
  }

  @Post('template/upload-initials')
  @HttpCode(HttpStatus.OK)
  uploadInitials(
    @Body() body: UploadInitialsDto,
    @Req() request: Request,
  ): Promise<SignerSaveResponse> {
    return this.signatures.saveInitials(
      body.token,
      body,
      actorOf(request),
      this.signing.seatReadFor(request, body.token),
    );
  }

  @Post('template/upload-image')
  @HttpCode(HttpStatus.OK)
  // One byte over the limit is enough for the service to answer "too large" itself.
  // Two text fields beside the image: token and docLink (UploadImageDto).
  @CaptchaCheckedUpload('image', {
    limits: singleFileUploadLimits({ fileSize: SIGNATURE_UPLOAD_MAX_BYTES + 1, fields: 2 }),
  })
  async uploadImage(
    @Body() body: UploadImageDto,
    @UploadedFile() image: UploadedImage | undefined,
    @Req() request: Request,
  ): Promise<SignerSaveResponse> {
    // A multipart body is read after the guards: its link's e-mail code proof is checked here.
    await this.emailCodes.assertRequest(request, body.token);
    return this.signatures.saveImageSignature(
      body.token,
      image,
      actorOf(request),
      this.signing.seatReadFor(request, body.token),
    );
  }

  @Post('template/edit-signature')
  @HttpCode(HttpStatus.OK)
  editSignature(
    @Body() body: EditSignatureDto,
    @Req() request: Request,
  ): Promise<SignerSaveResponse> {
    return this.signatures.editSignature(
      body.token,
      body,
      actorOf(request),
      this.signing.seatReadFor(request, body.token),
    );
  }

  /** Spec 1 §4.1, item 6: clearing the saved signature resets the saved flag. */
  @Post('template/clear-signature')
  @HttpCode(HttpStatus.OK)
  clearSignature(
    @Body() body: SignerTokenDto,
    @Req() request: Request,
  ): Promise<SignerSaveResponse> {
    return this.signatures.clearSignature(
      body.token,
      actorOf(request),
      this.signing.seatReadFor(request, body.token),
    );
  }

  @Post('signing/finish')
  @HttpCode(HttpStatus.OK)
  async finish(
    @Body() body: SignerTokenDto,
    @Req() request: Request,
  ): Promise<FinishSigningResponse> {
    const read = this.signing.seatReadFor(request, body.token);
    // The seal, the signed copies and the CRM move follow in the worker.
    return this.finishing.finishSeat(
      await this.signing.seatOf(body.token, undefined, read),
      actorOf(request),
      'queued',
    );
  }

  /** The signer declines with a reason; the agreement is declined and every link closes. */
  @Post('signing/decline')
  @HttpCode(HttpStatus.OK)
  decline(@Body() body: DeclineSigningDto, @Req() request: Request): Promise<DeclineResponse> {
    return this.declining.decline(body.token, body.reason, actorOf(request));
  }

  /** The signer hands over to the authorised signatory, who gets their own link. */
  @Post('signing/hand-over')
  @HttpCode(HttpStatus.OK)
  handOver(@Body() body: HandoverSigningDto, @Req() request: Request): Promise<HandoverResponse> {
    return this.handingOver.handOver(body.token, body, actorOf(request));
  }

  /** The spec's audit-trail call: runs the finish and answers with the audit trail. */
  @Post('template/create-audit-trails')
  @HttpCode(HttpStatus.OK)
  async createAuditTrails(
    @Body() body: SignerTokenDto,
    @Req() request: Request,
  ): Promise<{ docLink: string }> {
    const done = await this.finishing.finish(body.token, actorOf(request));
    return { docLink: done.auditTrailDocLink };
  }
}
