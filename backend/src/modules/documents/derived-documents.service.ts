import { InjectQueue } from '@nestjs/bullmq';
import { ConflictException, Injectable } from '@nestjs/common';
import type { SealLevel } from '@prosign/domain';
import type { Queue } from 'bullmq';
import { createHash } from 'node:crypto';
import {
  type AuditAttachment,
  type AuditEvent,
  type AuditRecipient,
  type AuditSigningProgress,
  type DocumentRecord,
  DocumentRepository,
  localDocLink,
} from '../../integrations/documents';
import { AppConfig } from '../../platform/config/app-config';
import { jobIdFor } from '../../platform/queues/job-id';
import { QueueName } from '../../platform/queues/queue-names';
import { DocumentPdfService, type RunDocuments } from './document-pdf.service';
import { DocumentJobData, DocumentsJob } from './documents.jobs';
import { FIRM_LETTERHEAD } from './templates/firm-letterhead';

export const NOT_A_SIGNED_AGREEMENT =
  'Only an agreement with the audit trail of its own completed signing is sealed as a signed agreement.';

export interface AuditTrailRequest {
  /** The signed agreement, by id or docLink. */
  agreement: string;
  documentTitle: string;
  /** The first signer (the spec's single signer). */
  signer: { name: string; email: string };
  /**
   * Every recipient: the trail lists each with role, e-mail and how they were
   * authenticated, and names them on their events (`AuditEvent.recipientId`). Absent: the one
   * signer, as before recipients (the same events give the same document as ever).
   */
  recipients?: AuditRecipient[];
  /** With `recipients`: how many signed and when the last did (the certificate's status). */
  progress?: AuditSigningProgress;
  events: AuditEvent[];
  contractToken?: string;
  /** The agreement's id (its envelope), printed on the certificate. */
  envelopeId?: string;
  /** The verify page of the sealed PDF, printed with a QR code. */
  verifyUrl?: string;
  /** The files recipients attached ("document" agreements), listed on the certificate. */
  attachments?: AuditAttachment[];
}

/**
 * The documents made from others, each created once for its inputs: a signed agreement's audit
 * trail, the agreement and its trail merged and sealed, a voided copy. Their PDFs are built by
 * DocumentPdfService.
 */
@Injectable()
export class DerivedDocumentsService {
  constructor(
    private readonly documents: DocumentRepository,
    private readonly pdfs: DocumentPdfService,
    private readonly config: AppConfig,
    @InjectQueue(QueueName.Documents) private readonly queue: Queue<DocumentJobData>,
  ) {}

  /** An audit-trail document for a signed agreement; the same events give the same document. */
  async createAuditTrail(
    request: AuditTrailRequest,
    run?: RunDocuments,
  ): Promise<{ docId: string; docLink: string }> {
    const record = await this.pdfs.registered(this.pdfs.docIdOf(request.agreement), run);
    const agreement = await this.pdfs.pdfOfRecord(record);
    const signedDocumentSha256 = createHash('sha256').update(agreement.pdf).digest('hex');
    const originalDocumentSha256 = await this.originalSha256Of(record);
    const auditTrail = {
      letterhead: FIRM_LETTERHEAD,
      documentTitle: request.documentTitle,
      documentId: agreement.docId,
      signer: request.signer,
      ...(request.recipients ? { recipients: request.recipients } : {}),
      ...(request.progress ? { progress: request.progress } : {}),
      signedDocumentSha256,
      ...(originalDocumentSha256 ? { originalDocumentSha256 } : {}),
      ...(request.envelopeId ? { envelopeId: request.envelopeId } : {}),
      ...(request.verifyUrl ? { verifyUrl: request.verifyUrl } : {}),
      ...(request.attachments?.length ? { attachments: request.attachments } : {}),
      events: request.events.map((event) => ({ ...event, at: new Date(event.at) })),
    };
    const latest = auditTrail.events.reduce(
      (max, event) => (event.at > max ? event.at : max),
      new Date(0),
    );
    // Rendered by the finish's merge right after (no job): see createDerived.
    const trail = await this.createDerived(
      derivationKey('audit-trail', JSON.stringify(auditTrail)),
      {
        kind: 'audit-trail',
        title: `Audit Trail: ${request.documentTitle}`,
        auditTrail,
        contractToken: request.contractToken,
        documentDate: latest.getTime() > 0 ? latest : new Date(),
      },
      { renderJob: false },
    );
    run?.set(trail._id, trail);
    return { docId: trail._id, docLink: localDocLink(this.config, trail._id, 'view') };
  }

  /**
   * Puts an event in an audit trail not sealed yet (an admin's seal-level choice is part of the
   * record it seals). The trail's PDF is built from its record at the seal.
   */
  async appendAuditEvent(auditTrail: string, event: AuditEvent): Promise<void> {
    await this.documents.appendAuditEvent(this.pdfs.docIdOf(auditTrail), event);
  }

  /**
   * The SHA-256 of an agreement as sent: its unsigned layout (the revision signatures are
   * stamped onto), when it is stored; null for a document without one.
   */
  private async originalSha256Of(record: DocumentRecord): Promise<string | null> {
    if (!record.layoutRevision) return null;
    const stored = await this.documents.findPdf(record._id, record.layoutRevision);
    return stored?.sha256 ?? null;
  }

  /**
   * The signed agreement: the agreement then its audit trail in one PDF, sealed
   * "signed agreement". Only the completion pipeline (the signer's finish) calls
   * this, and it seals nothing else: `auditTrail` must be the audit trail that
   * pipeline built for exactly this agreement and contract token, so no other
   * pair of documents ever carries the seal. Same inputs → same combined document.
   */
  async mergeDocuments(
    agreement: string,
    auditTrail: string,
    contractToken: string,
    sealLevel?: SealLevel,
  ) {
    const { record } = await this.combinedRecord(agreement, auditTrail, contractToken, sealLevel);
    return { docId: record._id, combinedDocLink: localDocLink(this.config, record._id, 'view') };
  }

  /**
   * `mergeDocuments` and the sealed PDF it names, built now (or the stored one): the finish's
   * merge step. The records of both parts, just read for the checks, are the ones merged.
   */
  async sealedAgreement(
    agreement: string,
    auditTrail: string,
    contractToken: string,
    sealLevel?: SealLevel,
    run?: RunDocuments,
  ): Promise<{ docId: string; combinedDocLink: string; pdf: Buffer }> {
    const { record, parts } = await this.combinedRecord(
      agreement,
      auditTrail,
      contractToken,
      sealLevel,
      run,
    );
    return {
      docId: record._id,
      combinedDocLink: localDocLink(this.config, record._id, 'view'),
      pdf: await this.pdfs.derivedPdf(record, parts),
    };
  }

  /** The combined document's record (created once) after the checks of `mergeDocuments`. */
  private async combinedRecord(
    agreement: string,
    auditTrail: string,
    contractToken: string,
    sealLevel?: SealLevel,
    run?: RunDocuments,
  ): Promise<{ record: DocumentRecord; parts: DocumentRecord[] }> {
    const sources = [this.pdfs.docIdOf(agreement), this.pdfs.docIdOf(auditTrail)];
    const [agreementRecord, trail] = [
      await this.pdfs.registered(sources[0], run),
      await this.pdfs.registered(sources[1], run),
    ];
    if (
      trail?.kind !== 'audit-trail' ||
      trail.auditTrail?.documentId !== sources[0] ||
      !contractToken ||
      trail.contractToken !== contractToken
    ) {
      throw new ConflictException(NOT_A_SIGNED_AGREEMENT);
    }
    const record = await this.createDerived(
      derivationKey('combined', ...sources),
      {
        kind: 'combined',
        title: `${agreementRecord.title} (signed)`,
        sources,
        contractToken,
        documentDate: new Date(),
      },
      { renderJob: false },
    );
    if (sealLevel) {
      // An admin lowered the level while the seal waited (the record exists from that try).
      await this.documents.setSealLevel(record._id, sealLevel);
      record.sealLevel = sealLevel;
    }
    return { record, parts: [agreementRecord, trail] };
  }

  /** The document stamped VOID on every page with the date and the acting user. */
  async voidDocument(document: string, actor: string, at: Date) {
    const source = this.pdfs.docIdOf(document);
    const record = await this.pdfs.registered(source);
    const { _id: docId } = await this.createDerived(derivationKey('void', source), {
      kind: 'void',
      title: `VOID: ${record.title}`,
      sources: [source],
      voided: { by: actor, at },
      documentDate: at,
    });
    return { docId, docLink: localDocLink(this.config, docId, 'view') };
  }

  /**
   * Creates the record once, under the random id drawn for its derivation key, and
   * returns that record (as stored: the first call's fields); unless the caller builds the
   * PDF itself right away (the finish pipeline does, step after step), queues it: a job
   * beside the caller would build the same PDF twice and keep one.
   */
  private async createDerived(
    derivation: string,
    fields: Partial<DocumentRecord>,
    { renderJob = true }: { renderJob?: boolean } = {},
  ): Promise<DocumentRecord> {
    const docId = await this.documents.derivedDocumentId(derivation);
    // The record comes back with the write: its PDF is built next without reading it again.
    const record = await this.documents.createDerivedOnce(docId, fields);
    if (!record) throw new Error(`Derived document ${docId} was not stored`);
    if (renderJob) {
      await this.queue.add(
        DocumentsJob.BuildDerivedDocument,
        { docId },
        { jobId: jobIdFor(DocumentsJob.BuildDerivedDocument, docId) },
      );
    }
    return record;
  }
}

/**
 * What a derived document is made of, as a key (24 hex of a SHA-256), so repeating a
 * request finds the same document. Never an id: anybody knowing the sources could
 * compute it. (It was the id before ids were random, so such a document is found again.)
 */
function derivationKey(kind: string, ...inputs: string[]): string {
  return createHash('sha256')
    .update([kind, ...inputs].join('\u0000'))
    .digest('hex')
    .slice(0, 24);
}
