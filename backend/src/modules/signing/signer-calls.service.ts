import { Injectable, NotFoundException } from '@nestjs/common';
import { SIGNER_MESSAGES } from '@prosign/domain';
import type { Request } from 'express';
import { clientIp, type StaffRequest } from '../../platform/auth/staff-principal';
import { familyConfig } from '../agreements';
import { CaptchaPassService } from '../captcha';
import { EmailCodeService } from './email-code.service';
import { SigningFinishService } from './signing-finish.service';
import { SigningService } from './signing.service';

/**
 * The spec's finishing calls that staff also use (merge-docs, deal stage to
 * signed): a request without a staff session is a signer's, which needs a
 * captcha pass and a token, and runs the one finish operation.
 */
@Injectable()
export class SignerCallsService {
  constructor(
    private readonly captchaPasses: CaptchaPassService,
    private readonly signing: SigningService,
    private readonly finishing: SigningFinishService,
    private readonly emailCodes: EmailCodeService,
  ) {}

  /** True when a signer (not staff) makes this request; the session guard let it through on its pass header. */
  isSignerRequest(request: StaffRequest): boolean {
    return !request.staff;
  }

  /** `merge-docs` from a signer: the finish, answered with the sealed PDF. */
  async mergeForSigner(request: Request, token: string): Promise<{ combinedDocLink: string }> {
    await this.assertPass(request, token);
    const done = await this.finishing.finish(token, {
      ip: clientIp(request) ?? null,
      userAgent: request.headers['user-agent'] ?? null,
    });
    return { combinedDocLink: done.signedDocLink };
  }

  /** `update-deal-stage-to-signed/{dealId}` from a signer whose contract has that deal. */
  async dealSignedForSigner(
    request: Request,
    dealId: string,
    token: string,
  ): Promise<{ success: true; dealId: string }> {
    await this.assertPass(request, token);
    const contract = await this.signing.contractOf(token);
    const contractDeal = familyConfig(contract.family).crm.dealId(contract.form);
    if (!contractDeal || contractDeal !== dealId) {
      throw new NotFoundException(SIGNER_MESSAGES.unknownLink);
    }
    await this.finishing.finish(token, {
      ip: clientIp(request) ?? null,
      userAgent: request.headers['user-agent'] ?? null,
    });
    return { success: true, dealId };
  }

  /**
   * The same checks as `@RequireCaptchaPass()` and `@RequireEmailCode()`: a pass issued to
   * this address for this link, and the e-mail code verified where the agreement needs it.
   */
  private async assertPass(request: Request, token: string): Promise<void> {
    this.captchaPasses.assertRequest(request);
    await this.emailCodes.assertRequest(request, token);
  }
}
