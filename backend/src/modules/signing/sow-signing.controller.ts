import {
  Body,
  ConflictException,
  Controller,
  Get,
  HttpCode,
  HttpStatus,
  Param,
  Post,
  Req,
} from '@nestjs/common';
import {
  signerLinkStateOf,
  type FinishSigningResponse,
  type SignerSaveResponse,
  type SowSigningView,
  type SowVerifyLinkResponse,
  type VerifyTokenResponse,
} from '@prosign/domain';
import type { Request } from 'express';
import { Public } from '../../platform/auth/auth.decorators';
import { clientIp } from '../../platform/auth/staff-principal';
import type { SowContractForm } from '../agreements';
import { RequireCaptchaPass } from '../captcha';
import { SowFinishDto, SowLinkParams, SowTextSignatureDto } from './dto/sow-signer.dto';
import { SignerRateLimit } from './signer-throttle';
import { SigningFinishService } from './signing-finish.service';
import { closedLinkError, SigningService, type SignerActor } from './signing.service';

function actorOf(request: Request): SignerActor {
  return { ip: clientIp(request) ?? null, userAgent: request.headers['user-agent'] ?? null };
}

/**
 * The SOW partner's signing calls (spec 3 §2 "SOW recipient signing page", §7):
 * the same signer core as the customer page (link by token, one conditional
 * update per change, the finish on the step runner), named by the link's
 * customId. Only `verify-link` comes before the captcha.
 */
@Public()
@SignerRateLimit()
@Controller('sow')
export class SowSigningController {
  constructor(
    private readonly signing: SigningService,
    private readonly finishing: SigningFinishService,
  ) {}

  /** Before the captcha: whether the link is a SOW's, and its state. Counts nothing. */
  @Get('verify-link/:customId')
  async verifyLink(@Param() params: SowLinkParams): Promise<SowVerifyLinkResponse> {
    const sow = await this.sowOf(params.customId);
    const linkState = signerLinkStateOf(sow.status);
    if (linkState === 'open') return { valid: true, linkState };
    // Nothing left to sign: the page names the document, when it closed and whom to ask.
    const { agreementTitle, closedAt, sender } = await this.signing.stateOf(sow);
    return { valid: true, linkState, closed: { agreementTitle, closedAt, sender } };
  }

  @Get('get-contract/:customId')
  @RequireCaptchaPass()
  async getContract(@Param() params: SowLinkParams): Promise<SowSigningView> {
    const sow = await this.sowOf(params.customId);
    return this.viewOf(sow, await this.signing.stateOf(sow));
  }

  /** The page opened: one view counted (the first moves not-signed to viewed). */
  @Post('increase-viewed-times/:id')
  @RequireCaptchaPass()
  @HttpCode(HttpStatus.OK)
  async increaseViewedTimes(
    @Param() params: SowLinkParams,
    @Req() request: Request,
  ): Promise<SowSigningView> {
    await this.sowOf(params.id);
    const verified = await this.signing.verifyToken(params.id, 'email', actorOf(request));
    return this.viewOf(await this.sowOf(params.id), verified);
  }

  @Post('upload-text-signature/:id')
  @RequireCaptchaPass()
  @HttpCode(HttpStatus.OK)
  async uploadTextSignature(
    @Param() params: SowLinkParams,
    @Body() body: SowTextSignatureDto,
    @Req() request: Request,
  ): Promise<SignerSaveResponse> {
    await this.sowOf(params.id);
    return this.signing.saveTypedSignature(
      params.id,
      { textSignature: body.textSignature },
      actorOf(request),
    );
  }

  /** Agree and Finish: the consent (with the disclosure's hash) and the finish, once however often called. */
  @Post('finish/:id')
  @RequireCaptchaPass()
  @HttpCode(HttpStatus.OK)
  async finish(
    @Param() params: SowLinkParams,
    @Body() body: SowFinishDto,
    @Req() request: Request,
  ): Promise<FinishSigningResponse> {
    const sow = await this.sowOf(params.id);
    const actor = actorOf(request);
    if (!sow.finish) {
      try {
        await this.signing.saveInitials(params.id, { agreedToTerms: body.agreedToTerms }, actor);
      } catch (error) {
        // Another tab's finish claimed the SOW between our read and our consent (the consent
        // write then finds it signed): that finish is the one to answer with.
        if (!(error instanceof ConflictException) || !(await this.sowOf(params.id)).finish) {
          throw error;
        }
      }
    }
    return this.finishing.finish(params.id, actor);
  }

  /** The audit trail of a finished SOW (the finish builds it). */
  @Get('create-audit-trail/:id')
  @RequireCaptchaPass()
  async auditTrail(@Param() params: SowLinkParams): Promise<{ docLink: string }> {
    const sow = await this.sowOf(params.id);
    if (sow.finish?.state !== 'completed' || !sow.auditTrailDocLink) {
      throw closedLinkError('open');
    }
    return { docLink: sow.auditTrailDocLink };
  }

  private async sowOf(customId: string) {
    const sow = await this.signing.contractOf(customId, 'sow');
    return sow as typeof sow & { form: SowContractForm };
  }

  private viewOf(
    sow: { token: string; form: SowContractForm },
    state: VerifyTokenResponse,
  ): SowSigningView {
    return {
      ...state,
      customId: sow.token,
      cp_name: sow.form.cp_name,
      project_address: sow.form.project_address,
      payment_amount: sow.form.payment_amount,
      effective_date: sow.form.effective_date,
    };
  }
}
