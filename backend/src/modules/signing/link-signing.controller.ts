import {
  BadRequestException,
  Body,
  ConflictException,
  Controller,
  Get,
  HttpCode,
  HttpStatus,
  Inject,
  Optional,
  Param,
  Post,
  Req,
  type Type,
} from '@nestjs/common';
import {
  familyDefinition,
  SINGLE_SIGNER_RECIPIENT_ID,
  type AgreementFamily,
  type DeclineResponse,
  type FinishSigningResponse,
  type HandoverResponse,
  type LinkVerifyResponse,
  type SignerSaveResponse,
  type VerifyTokenResponse,
} from '@prosign/domain';
import type { Request } from 'express';
import { Public } from '../../platform/auth/auth.decorators';
import {
  familyConfig,
  HandoverDto,
  type AgreementDocument,
  type LinkedAgreement,
} from '../agreements';
import { clientIp } from '../../platform/auth/staff-principal';
import { RequireCaptchaPass } from '../captcha';
import { LinkFinishDto, LinkParams, TextSignatureDto } from './dto/link-signer.dto';
import { DeclineDto } from './dto/signer.dto';
import { RequireEmailCode } from './email-code.guard';
import { SignerRateLimit } from './signer-throttle';
import { OTHER_SIGNER_MESSAGES } from './other-signer.service';
import { SIGNER_FIELD_VALUES, type SignerFieldValues } from './signer-field-values';
import { SignerSignatureService } from './signer-signature.service';
import { SigningDeclineService } from './signing-decline.service';
import { SigningHandoverService } from './signing-handover.service';
import { SigningFinishService } from './signing-finish.service';
import { closedLinkError, SigningService, type SignerActor } from './signing.service';

function actorOf(request: Request): SignerActor {
  return { ip: clientIp(request) ?? null, userAgent: request.headers['user-agent'] ?? null };
}

export interface LinkSigningOptions<TForm extends object, TView> {
  /** The controller's class name (route tables and logs name it). */
  name: string;
  /**
   * What the family's signing page shows: the signer core's state plus the family's own
   * fields. Default: the family's server half's `signingView`.
   */
  view?(agreement: LinkedAgreement<TForm>, state: VerifyTokenResponse): TView;
}

/** The family's agreement a customId opens, and whose link it is (null: the first signer's). */
interface LinkSeat {
  agreement: AgreementDocument<object>;
  recipientId: string | null;
}

/**
 * The consent before a finish (Agree and Finish). Once finished (the agreement, or this signer's
 * part) a repeated call only answers; another tab's finish that claimed it between our read and
 * our consent (the consent write then finds it signed) answers too.
 */
async function consentUnlessFinished(
  signatures: SignerSignatureService,
  customId: string,
  seat: LinkSeat,
  agreedToTerms: boolean,
  actor: SignerActor,
  readAgain: () => Promise<LinkSeat>,
): Promise<void> {
  if (finishedFor(seat)) return;
  try {
    await signatures.saveInitials(customId, { agreedToTerms }, actor, seat);
  } catch (error) {
    if (!(error instanceof ConflictException) || !finishedFor(await readAgain())) throw error;
  }
}

/**
 * The signing calls of a family whose link is named by its customId (spec 3 §2
 * "SOW recipient signing page", "CO signing page", §7): the same signer core
 * as the customer page (link by token, one conditional update per change, the
 * finish on the step runner), refusing another family's link as unknown. Only
 * `verify-link` comes before the captcha. With several signers each
 * signer's own link works here, and the page shows the agreement as that
 * signer sees it. One controller class per family, built here (Nest's mixin
 * pattern).
 */
export function linkSigningController<TForm extends object, TView>(
  family: AgreementFamily,
  options: LinkSigningOptions<TForm, TView>,
): Type<unknown> {
  const view =
    options.view ??
    ((agreement: LinkedAgreement<TForm>, state: VerifyTokenResponse) =>
      familyConfig<TForm>(family).signingView(agreement, state) as TView);

  @Public()
  @SignerRateLimit()
  // The family's api prefix (`co` → `/api/co/finish/{customId}`), from its one place.
  @Controller(familyDefinition(family).apiPrefix)
  class LinkSigningController {
    constructor(
      private readonly signing: SigningService,
      private readonly signatures: SignerSignatureService,
      private readonly finishing: SigningFinishService,
      private readonly declining: SigningDeclineService,
      private readonly handingOver: SigningHandoverService,
      @Optional()
      @Inject(SIGNER_FIELD_VALUES)
      private readonly signerFields: SignerFieldValues | null = null,
    ) {}

    /** Before the captcha: whether the link is the family's, and its state. Counts nothing. */
    @Get('verify-link/:customId')
    async verifyLink(@Param() params: LinkParams): Promise<LinkVerifyResponse> {
      const seat = await this.seatOf(params.customId);
      const linkState = this.signing.linkStateOf(seat);
      if (linkState === 'open') return { valid: true, linkState };
      // Nothing left to sign: the page names the document, when it closed and whom to ask.
      const { agreementTitle, closedAt, sender } = await this.signing.seatStateOf(seat);
      return { valid: true, linkState, closed: { agreementTitle, closedAt, sender } };
    }

    @Get('get-contract/:customId')
    @RequireCaptchaPass()
    @RequireEmailCode()
    async getContract(@Param() params: LinkParams, @Req() request: Request): Promise<TView> {
      const seat = await this.seatOf(params.customId, request);
      return view(this.linkedAs(seat), await this.signing.seatStateOf(seat));
    }

    /** The page opened: one view counted (the first moves not-signed to viewed). */
    @Post('increase-viewed-times/:customId')
    @RequireCaptchaPass()
    @RequireEmailCode()
    @HttpCode(HttpStatus.OK)
    async increaseViewedTimes(
      @Param() params: LinkParams,
      @Req() request: Request,
    ): Promise<TView> {
      const seat = await this.seatOf(params.customId, request);
      const verified = await this.signing.verifyToken(
        params.customId,
        'email',
        actorOf(request),
        seat,
      );
      return view(this.linkedAs(seat), verified);
    }

    @Post('upload-text-signature/:customId')
    @RequireCaptchaPass()
    @RequireEmailCode()
    @HttpCode(HttpStatus.OK)
    async uploadTextSignature(
      @Param() params: LinkParams,
      @Body() body: TextSignatureDto,
      @Req() request: Request,
    ): Promise<SignerSaveResponse> {
      const seat = await this.seatOf(params.customId, request);
      return this.signatures.saveTypedSignature(
        params.customId,
        { textSignature: body.textSignature },
        actorOf(request),
        seat,
      );
    }

    /** Agree and Finish: the consent (with the disclosure's hash) and the finish, once however often called. */
    @Post('finish/:customId')
    @RequireCaptchaPass()
    @RequireEmailCode()
    @HttpCode(HttpStatus.OK)
    async finish(
      @Param() params: LinkParams,
      @Body() body: LinkFinishDto,
      @Req() request: Request,
    ): Promise<FinishSigningResponse> {
      const seat = await this.seatOf(params.customId, request);
      const actor = actorOf(request);
      const { customId } = params;
      await refuseUnfilledFields(this.signerFields, seat);
      await consentUnlessFinished(this.signatures, customId, seat, body.agreedToTerms, actor, () =>
        this.seatOf(customId),
      );
      // The seal, the signed copies and the CRM move follow in the worker.
      return this.finishing.finish(params.customId, actor, 'queued');
    }

    /** The signer declines with a reason; the agreement is declined, every link closed. */
    @Post('decline/:customId')
    @RequireCaptchaPass()
    @RequireEmailCode()
    @HttpCode(HttpStatus.OK)
    async decline(
      @Param() params: LinkParams,
      @Body() body: DeclineDto,
      @Req() request: Request,
    ): Promise<DeclineResponse> {
      await this.seatOf(params.customId, request);
      return this.declining.decline(params.customId, body.reason, actorOf(request), family);
    }

    /** The signer hands over to the authorised signatory, who gets their own link. */
    @Post('hand-over/:customId')
    @RequireCaptchaPass()
    @RequireEmailCode()
    @HttpCode(HttpStatus.OK)
    async handOver(
      @Param() params: LinkParams,
      @Body() body: HandoverDto,
      @Req() request: Request,
    ): Promise<HandoverResponse> {
      await this.seatOf(params.customId, request);
      return this.handingOver.handOver(params.customId, body, actorOf(request), family);
    }

    /** The audit trail of a finished agreement (the finish builds it). */
    @Get('create-audit-trail/:customId')
    @RequireCaptchaPass()
    @RequireEmailCode()
    async auditTrail(
      @Param() params: LinkParams,
      @Req() request: Request,
    ): Promise<{ docLink: string }> {
      const { agreement } = await this.seatOf(params.customId, request);
      if (agreement.finish?.state !== 'completed' || !agreement.auditTrailDocLink) {
        throw closedLinkError('open');
      }
      return { docLink: agreement.auditTrailDocLink };
    }

    /**
     * The family's sent agreement of a customId and whose link it is; 404 for unknown ones
     * and other families'. A later signer's link does nothing while the agreement is open and
     * their turn has not come (they have not been mailed it yet). With the request: the seat
     * its e-mail code guard read, when it did (one read per request).
     */
    private async seatOf(customId: string, request?: Request): Promise<LinkSeat> {
      const read = request && this.signing.seatReadFor(request, customId);
      const seat = await this.signing.seatOf(customId, family, read);
      const recipient = seat.agreement.recipients?.find((r) => r.id === seat.recipientId);
      if (recipient?.state === 'waiting' && this.signing.linkStateOf(seat) === 'open') {
        throw new ConflictException(OTHER_SIGNER_MESSAGES.notYourTurn);
      }
      return seat;
    }

    /**
     * The agreement as the seat's signer sees it: their own link and the form naming them as
     * its signer (never the first signer's token, which would sign for her).
     */
    private linkedAs(seat: LinkSeat): LinkedAgreement<TForm> {
      const { agreement, recipientId } = seat;
      const own = agreement.form as TForm;
      const recipient = recipientId
        ? agreement.recipients?.find((r) => r.id === recipientId)
        : null;
      const form = recipient ? familyConfig<TForm>(family).withSigner(own, recipient) : own;
      return { token: recipient?.token ?? agreement.token, form };
    }
  }

  Object.defineProperty(LinkSigningController, 'name', { value: options.name });
  return LinkSigningController;
}

/**
 * The fields this signer fills (an uploaded document's): a finish is refused (400, each field
 * named) while one they must fill is not done. Nothing to check once they finished.
 */
async function refuseUnfilledFields(
  signerFields: SignerFieldValues | null,
  seat: LinkSeat,
): Promise<void> {
  if (!signerFields || finishedFor(seat)) return;
  const recipientId = seat.recipientId ?? SINGLE_SIGNER_RECIPIENT_ID;
  const problems = await signerFields.finishProblems(seat.agreement, recipientId);
  if (problems.length > 0) throw new BadRequestException(problems);
}

/** Whether the seat's signer has nothing left to do: the agreement is finishing, or they signed their part. */
function finishedFor(seat: LinkSeat): boolean {
  if (seat.agreement.finish) return true;
  const id = seat.recipientId ?? SINGLE_SIGNER_RECIPIENT_ID;
  return seat.agreement.recipients?.find((r) => r.id === id)?.state === 'signed';
}
