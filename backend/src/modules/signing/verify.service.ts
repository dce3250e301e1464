import { Injectable, NotFoundException } from '@nestjs/common';
import {
  staffDisplayName,
  type ContractStatus,
  type VerifyCheckResponse,
  type VerifyDocumentView,
} from '@prosign/domain';
import { createHash } from 'node:crypto';
import { AgreementRepository } from '../agreements';
import { familyConfig } from '../agreements';
import type { AgreementDocument } from '../agreements';
import { AUDIT_EVENT_LABELS } from '../documents';
import { auditEventsOf } from './signing-finish.service';
import { agreementTitleOf } from './signing.service';

export const VERIFY_NOT_FOUND = 'No signed document has this verification link.';

/** "j***@example.com": enough to recognise an address, not to harvest it. */
export function maskEmail(email: string): string {
  const at = email.indexOf('@');
  if (at <= 0) return email ? '***' : '';
  return `${email[0]}***${email.slice(at)}`;
}

/**
 * The public `/verify/{verifyId}` page (issue 8): what anyone holding the
 * link may learn about a signed document (no IP addresses, masked e-mails),
 * and whether a given PDF is the sealed original, byte for byte.
 */
@Injectable()
export class VerifyService {
  constructor(private readonly repository: AgreementRepository) {}

  async view(verifyId: string): Promise<VerifyDocumentView> {
    const contract = await this.contractOf(verifyId);
    const of = familyConfig(contract.family).parties(contract.form);
    const parties: VerifyDocumentView['parties'] = [
      { role: 'Signer', name: of.signerName, email: maskEmail(of.signerEmail) },
      {
        role: 'Sender',
        name: staffDisplayName(of.senderEmail),
        email: maskEmail(of.senderEmail),
      },
    ];
    for (const copy of of.copyTo) {
      parties.push({ role: 'Copy to', name: '', email: maskEmail(copy) });
    }
    const chain = await this.repository.checkChain(contract._id);
    return {
      title: agreementTitleOf(contract),
      status: contract.status as ContractStatus,
      parties,
      events: auditEventsOf(contract).map((event) => ({
        at: new Date(event.at).toISOString(),
        event: AUDIT_EVENT_LABELS[event.type],
      })),
      historyIntact: chain?.intact ?? false,
      signedAt: contract.signedAt ? contract.signedAt.toISOString() : null,
      sha256: contract.signedSha256 ?? null,
    };
  }

  async check(verifyId: string, pdf: Buffer): Promise<VerifyCheckResponse> {
    const contract = await this.contractOf(verifyId);
    const sha256 = createHash('sha256').update(pdf).digest('hex');
    const expectedSha256 = contract.signedSha256 ?? null;
    return {
      matches: expectedSha256 !== null && sha256 === expectedSha256,
      sha256,
      expectedSha256,
    };
  }

  private async contractOf(verifyId: string): Promise<AgreementDocument<object>> {
    const contract = await this.repository.findByKey<object>('verify', verifyId);
    if (!contract || contract.status === null) throw new NotFoundException(VERIFY_NOT_FOUND);
    return contract;
  }
}
