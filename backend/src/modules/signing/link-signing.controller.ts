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
  type Type,
} from '@nestjs/common';
import {
  AGREEMENT_FAMILY_PLACES,
  signerLinkStateOf,
  type AgreementFamily,
  type FinishSigningResponse,
  type LinkVerifyResponse,
  type SignerSaveResponse,
  type VerifyTokenResponse,
} from '@prosign/domain';
import type { Request } from 'express';
import { Public } from '../../platform/auth/auth.decorators';
import { clientIp } from '../../platform/auth/staff-principal';
import { RequireCaptchaPass } from '../captcha';
import { LinkFinishDto, LinkParams, TextSignatureDto } from './dto/link-signer.dto';
import { SignerRateLimit } from './signer-throttle';
import { SigningFinishService } from './signing-finish.service';
import { closedLinkError, SigningService, type SignerActor } from './signing.service';

function actorOf(request: Request): SignerActor {
  return { ip: clientIp(request) ?? null, userAgent: request.headers['user-agent'] ?? null };
}

/** A sent agreement of the family, as its signing view reads it. */
export interface LinkedAgreement<TForm extends object> {
  token: string;
  form: TForm;
}

export interface LinkSigningOptions<TForm extends object, TView> {
  /** The controller's class name (route tables and logs name it). */
  name: string;
  /** What the family's signing page shows: the signer core's state plus the family's own fields. */
  view(agreement: LinkedAgreement<TForm>, state: VerifyTokenResponse): TView;
}

/**
 * The signing calls of a family whose link is named by its customId (spec 3 §2
 * "SOW recipient signing page", "CO signing page", §7): the same signer core
 * as the customer page (link by token, one conditional update per change, the
 * finish on the step runner), refusing another family's link as unknown. Only
 * `verify-link` comes before the captcha. One controller class per family,
 * built here (Nest's mixin pattern).
 */
export function linkSigningController<TForm extends object, TView>(
  family: AgreementFamily,
  options: LinkSigningOptions<TForm, TView>,
): Type<unknown> {
  @Public()
  @SignerRateLimit()
  // The family's api prefix (`co` → `/api/co/finish/{customId}`), from its one place.
  @Controller(AGREEMENT_FAMILY_PLACES[family].apiPrefix)
  class LinkSigningController {
    constructor(
      private readonly signing: SigningService,
      private readonly finishing: SigningFinishService,
    ) {}

    /** Before the captcha: whether the link is the family's, and its state. Counts nothing. */
    @Get('verify-link/:customId')
    async verifyLink(@Param() params: LinkParams): Promise<LinkVerifyResponse> {
      const agreement = await this.agreementOf(params.customId);
      const linkState = signerLinkStateOf(agreement.status);
      if (linkState === 'open') return { valid: true, linkState };
      // Nothing left to sign: the page names the document, when it closed and whom to ask.
      const { agreementTitle, closedAt, sender } = await this.signing.stateOf(agreement);
      return { valid: true, linkState, closed: { agreementTitle, closedAt, sender } };
    }

    @Get('get-contract/:customId')
    @RequireCaptchaPass()
    async getContract(@Param() params: LinkParams): Promise<TView> {
      const agreement = await this.agreementOf(params.customId);
      return options.view(agreement, await this.signing.stateOf(agreement));
    }

    /** The page opened: one view counted (the first moves not-signed to viewed). */
    @Post('increase-viewed-times/:customId')
    @RequireCaptchaPass()
    @HttpCode(HttpStatus.OK)
    async increaseViewedTimes(
      @Param() params: LinkParams,
      @Req() request: Request,
    ): Promise<TView> {
      await this.agreementOf(params.customId);
      const verified = await this.signing.verifyToken(params.customId, 'email', actorOf(request));
      return options.view(await this.agreementOf(params.customId), verified);
    }

    @Post('upload-text-signature/:customId')
    @RequireCaptchaPass()
    @HttpCode(HttpStatus.OK)
    async uploadTextSignature(
      @Param() params: LinkParams,
      @Body() body: TextSignatureDto,
      @Req() request: Request,
    ): Promise<SignerSaveResponse> {
      await this.agreementOf(params.customId);
      return this.signing.saveTypedSignature(
        params.customId,
        { textSignature: body.textSignature },
        actorOf(request),
      );
    }

    /** Agree and Finish: the consent (with the disclosure's hash) and the finish, once however often called. */
    @Post('finish/:customId')
    @RequireCaptchaPass()
    @HttpCode(HttpStatus.OK)
    async finish(
      @Param() params: LinkParams,
      @Body() body: LinkFinishDto,
      @Req() request: Request,
    ): Promise<FinishSigningResponse> {
      const agreement = await this.agreementOf(params.customId);
      const actor = actorOf(request);
      if (!agreement.finish) {
        try {
          await this.signing.saveInitials(
            params.customId,
            { agreedToTerms: body.agreedToTerms },
            actor,
          );
        } catch (error) {
          // Another tab's finish claimed the agreement between our read and our consent (the
          // consent write then finds it signed): that finish is the one to answer with.
          if (
            !(error instanceof ConflictException) ||
            !(await this.agreementOf(params.customId)).finish
          ) {
            throw error;
          }
        }
      }
      return this.finishing.finish(params.customId, actor);
    }

    /** The audit trail of a finished agreement (the finish builds it). */
    @Get('create-audit-trail/:customId')
    @RequireCaptchaPass()
    async auditTrail(@Param() params: LinkParams): Promise<{ docLink: string }> {
      const agreement = await this.agreementOf(params.customId);
      if (agreement.finish?.state !== 'completed' || !agreement.auditTrailDocLink) {
        throw closedLinkError('open');
      }
      return { docLink: agreement.auditTrailDocLink };
    }

    /** The family's sent agreement of a customId; 404 for unknown ones and other families'. */
    private async agreementOf(customId: string) {
      const agreement = await this.signing.contractOf(customId, family);
      return agreement as typeof agreement & { form: TForm };
    }
  }

  Object.defineProperty(LinkSigningController, 'name', { value: options.name });
  return LinkSigningController;
}
