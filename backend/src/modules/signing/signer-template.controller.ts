import {
  Body,
  type CanActivate,
  Controller,
  type ExecutionContext,
  ForbiddenException,
  Injectable,
  Post,
  Req,
  UseGuards,
} from '@nestjs/common';
import { RequireAccess, SignerMayCall } from '../../platform/auth/auth.decorators';
import type { StaffRequest } from '../../platform/auth/staff-principal';
import { MergeDocsDto, type MergeDocsResponse } from './dto/merge-docs.dto';
import { SignerCallsService } from './signer-calls.service';
import { SignerRateLimit } from './signer-throttle';

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
 * The template call of spec 1 §7 that signers make (`POST /api/template/merge-docs`);
 * the staff template calls are modules/documents' TemplateController.
 */
@RequireAccess('homeAccess')
@Controller('template')
export class SignerTemplateController {
  constructor(private readonly signerCalls: SignerCallsService) {}

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
