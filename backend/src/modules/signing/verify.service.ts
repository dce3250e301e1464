import { Injectable, Logger, NotFoundException } from '@nestjs/common';
import {
  extractDocId,
  recipientSignature,
  staffDisplayName,
  type ContractStatus,
  type Recipient,
  type VerifyParty,
  type VerifyCheckResponse,
  type VerifyDocumentView,
  type VerifySealReport,
} from '@prosign/domain';
import { createHash } from 'node:crypto';
import { AgreementEventRepository, AgreementLinkRepository } from '../agreements';
import { familyConfig, recipientsOf } from '../agreements';
import type { AgreementDocument } from '../agreements';
import { AUDIT_EVENT_LABELS, DocumentRepository, sealReportOf } from '../documents';
import { auditEventsOf } from './signing-finish-audit';
import { agreementTitleOf } from './signing.service';

const VERIFY_NOT_FOUND = 'No signed document has this verification link.';

/** Seal reports kept per stored revision (a revision's bytes never change). */
const SEAL_REPORTS_KEPT = 200;

/** "j***@example.com": enough to recognise an address, not to harvest it. */
export function maskEmail(email: string): string {
  const at = email.indexOf('@');
  if (at <= 0) return email ? '***' : '';
  return `${email[0]}***${email.slice(at)}`;
}

/**
 * Who did an event, as the public page names them: a recipient (or whom a place was handed
 * over from) or the sender by name with the e-mail masked, another address masked, the
 * system as ProSign. The audit trail's actor is an address (or "system").
 */
function actorNames(
  recipients: readonly Recipient[],
  senderEmail: string,
): (actor: string | undefined) => string {
  const names = new Map<string, string>();
  const add = (email: string | undefined, name: string | undefined) => {
    const key = (email ?? '').trim().toLowerCase();
    if (key && name && !names.has(key)) names.set(key, name);
  };
  for (const r of recipients) add(r.email, r.name);
  for (const r of recipients) add(r.handedOver?.fromEmail, r.handedOver?.fromName);
  add(senderEmail, staffDisplayName(senderEmail));
  return (actor) => {
    if (!actor) return '';
    if (actor === 'system') return 'ProSign';
    if (!actor.includes('@')) return actor;
    const name = names.get(actor.trim().toLowerCase());
    return name ? `${name} (${maskEmail(actor)})` : maskEmail(actor);
  };
}

/**
 * The public `/verify/{verifyId}` page: what anyone holding the
 * link may learn about a signed document (no IP addresses, masked e-mails),
 * and whether a given PDF is the sealed original, byte for byte.
 */
@Injectable()
export class VerifyService {
  private readonly logger = new Logger(VerifyService.name);
  /** By `docId@revision`: the stored PDF is read and analysed once per revision. */
  private readonly sealReports = new Map<string, Promise<VerifySealReport | null>>();

  constructor(
    private readonly links: AgreementLinkRepository,
    private readonly eventLog: AgreementEventRepository,
    private readonly documents: DocumentRepository,
  ) {}

  async view(verifyId: string): Promise<VerifyDocumentView> {
    const contract = await this.contractOf(verifyId);
    const of = familyConfig(contract.family).parties(contract.form);
    const recipients = recipientsOf(contract, { name: of.signerName, email: of.signerEmail });
    // Every signer and the countersigner, each signed or not by the one rule the certificate
    // and the card read, then the sender and the copies.
    const parties: VerifyParty[] = [
      ...recipients
        .map(recipientSignature)
        .filter((r) => r.signs)
        .map((r): VerifyParty => ({
          role: r.role === 'countersigner' ? 'Countersigner' : 'Signer',
          name: r.name,
          email: maskEmail(r.email),
          signedAt: r.signedAt,
        })),
      {
        role: 'Sender',
        name: staffDisplayName(of.senderEmail),
        email: maskEmail(of.senderEmail),
      },
    ];
    for (const copy of of.copyTo) {
      parties.push({ role: 'Copy to', name: '', email: maskEmail(copy) });
    }
    const chain = await this.eventLog.checkChain(contract._id);
    const by = actorNames(recipients, of.senderEmail);
    return {
      title: agreementTitleOf(contract),
      status: contract.status as ContractStatus,
      parties,
      events: auditEventsOf(contract).map((event) => ({
        at: new Date(event.at).toISOString(),
        event: AUDIT_EVENT_LABELS[event.type],
        by: by(event.actor),
      })),
      historyIntact: chain?.intact ?? false,
      signedAt: contract.signedAt ? contract.signedAt.toISOString() : null,
      sha256: contract.signedSha256 ?? null,
      seal: await this.sealOf(contract),
    };
  }

  async check(verifyId: string, pdf: Buffer): Promise<VerifyCheckResponse> {
    const contract = await this.contractOf(verifyId);
    const sha256 = createHash('sha256').update(pdf).digest('hex');
    const expectedSha256 = contract.signedSha256 ?? null;
    // A later archive revision (a fresh document time-stamp appended) is the same sealed file.
    const record = await this.sealedRecordOf(contract);
    const archived = (record?.archiveExtensions ?? []).map((extension) => extension.sha256);
    return {
      matches: expectedSha256 !== null && [expectedSha256, ...archived].includes(sha256),
      sha256,
      expectedSha256,
      seal: await sealReportOf(pdf),
    };
  }

  /**
   * What the stored sealed PDF (its current revision: archive extensions included) carries;
   * null before it is sealed, or when it cannot be read (the rest of the page still shows).
   */
  private async sealOf(contract: AgreementDocument<object>): Promise<VerifySealReport | null> {
    const record = await this.sealedRecordOf(contract);
    if (!record) return null;
    const key = `${record._id}@${record.revision}`;
    let report = this.sealReports.get(key);
    if (!report) {
      report = this.documents
        .readCurrentPdf(record)
        .then((pdf) => (pdf ? sealReportOf(pdf) : null))
        .catch((error: unknown) => {
          this.logger.error(`seal report of ${key} failed: ${(error as Error).message}`);
          return null;
        });
      // Not kept when there was nothing to read yet (a finish under way) or it failed.
      void report.then((done) => {
        if (!done) this.sealReports.delete(key);
      });
      if (this.sealReports.size >= SEAL_REPORTS_KEPT) {
        this.sealReports.delete(this.sealReports.keys().next().value!);
      }
      this.sealReports.set(key, report);
    }
    return report;
  }

  /** The record of the sealed PDF (the combined agreement and audit trail), once signed. */
  private async sealedRecordOf(contract: AgreementDocument<object>) {
    const docId = contract.signedDocLink ? extractDocId(contract.signedDocLink) : null;
    return docId ? this.documents.find(docId) : null;
  }

  private async contractOf(verifyId: string): Promise<AgreementDocument<object>> {
    const contract = await this.links.findByKey<object>('verify', verifyId);
    if (!contract || contract.status === null) throw new NotFoundException(VERIFY_NOT_FOUND);
    return contract;
  }
}
