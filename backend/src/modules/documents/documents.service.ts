import { InjectQueue } from '@nestjs/bullmq';
import {
  BadRequestException,
  ConflictException,
  Inject,
  Injectable,
  NotFoundException,
} from '@nestjs/common';
import {
  type AgreementReading,
  agreementTitle as agreementTitleOr,
  type AgreementFamily,
  type CreatedContract,
  extractDocId,
  isValidDocId,
  SINGLE_SIGNER_RECIPIENT_ID,
  type SigningBookmark,
  type SigningBookmarks,
  type SealLevel,
  type SigningSlot,
} from '@prosign/domain';
import type { Queue } from 'bullmq';
import { createHash } from 'node:crypto';
import {
  agreementReading,
  type AgreementContent,
  type AuditEvent,
  type AuditRecipient,
  type AuditSigningProgress,
  DOCUMENTS_PORT,
  type DocumentKind,
  type DocumentRecord,
  DocumentRepository,
  type DocumentsPort,
  localDocLink,
  localReadingLink,
  PAGE,
  renderAuditTrail,
  type SignatureParties,
  type SignatureSlot,
  slotRecipientId,
  stampVoid,
} from '../../integrations/documents';
import { AppConfig } from '../../platform/config/app-config';
import { jobIdFor } from '../../platform/queues/job-id';
import { QueueName } from '../../platform/queues/queue-names';
import { DocumentJobData, DocumentsJob } from './documents.jobs';
import type { ContractFormDataDto } from './dto/contract-form-data.dto';
import { PdfSealerService } from './pdf/pdf-sealer.service';
import { SignatureImageService, type UploadedImage } from './signatures/signature-image.service';
import { standardContractValues } from './templates/contract-placeholders';
import { FIRM_LETTERHEAD } from './templates/firm-letterhead';

const DERIVED_KINDS: ReadonlySet<DocumentKind> = new Set(['audit-trail', 'combined', 'void']);

export const NOT_A_SIGNED_AGREEMENT =
  'Only an agreement with the audit trail of its own completed signing is sealed as a signed agreement.';

export interface PdfFile {
  docId: string;
  title: string;
  pdf: Buffer;
}

export interface AuditTrailRequest {
  /** The signed agreement, by id or docLink. */
  agreement: string;
  documentTitle: string;
  /** The first signer (the spec's single signer). */
  signer: { name: string; email: string };
  /**
   * Every recipient (issue 34): the trail lists each with role, e-mail and how they were
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
}

/** Where a signer's signature comes from: typed text (the signing pages) or a drawn/uploaded PNG. */
export type SignatureSource = { text: string } | { image: UploadedImage };

export interface PlaceSignatureRequest {
  /** The agreement, by id or docLink. */
  document: string;
  contractKind: AgreementFamily;
  signerName: string;
  /** The initials the signer saved; derived from the name when absent. */
  initials?: string | null;
  signature: SignatureSource;
  signedAt: Date;
  /**
   * Whose signature (`Recipient.id`): stamped into that recipient's block and initials only.
   * Absent: the single signer of a one-signer agreement.
   */
  recipientId?: string;
}

/**
 * The document records one run of steps (a signer's finish) has read or written, by id: the
 * run's next step takes them from here instead of reading them again. Only for one run, whose
 * documents nobody else changes meanwhile (the runner's lease holds the agreement).
 */
export type RunDocuments = Map<string, DocumentRecord>;

/** Refuses (throws) a reader who may not read the document (`DocumentReadAccess.assertCanRead`). */
export type ReadCheck = (record: DocumentRecord) => void | Promise<void>;

/**
 * The document engine's use cases: create an agreement from a template, serve
 * any document as PDF, place signatures, build audit trails, merge and seal the
 * final PDF, void. Agreements go through the documents port (local engine or
 * Google); derived PDFs are built here with pdf-lib and kept in GridFS.
 */
@Injectable()
export class DocumentsService {
  constructor(
    @Inject(DOCUMENTS_PORT) private readonly port: DocumentsPort,
    private readonly documents: DocumentRepository,
    private readonly sealer: PdfSealerService,
    private readonly signatures: SignatureImageService,
    private readonly config: AppConfig,
    @InjectQueue(QueueName.Documents) private readonly queue: Queue<DocumentJobData>,
  ) {}

  /** POST /api/template/create-contract: a filled copy of the template the docLink names. */
  async createContract(
    templateLink: string,
    form: ContractFormDataDto,
    signatureParties?: SignatureParties,
  ): Promise<CreatedContract> {
    const templateDocId = this.docIdOf(templateLink);
    const documentDate = new Date();
    const { agreementTitle, ...sectionOverrides } = form.contract_data ?? {};
    const template = await this.documents.find(templateDocId);
    return this.createFromTemplate({
      templateDocId,
      title: agreementTitleOr(agreementTitle, template?.title),
      values: standardContractValues(form, documentDate),
      sectionOverrides: definedOnly(sectionOverrides),
      documentDate,
      signatureParties,
    });
  }

  /**
   * A filled copy of a template document (any family): its `$placeholders`
   * filled from `values`, the sections named in `sectionOverrides` replaced.
   * Returns the new document's edit link; the worker renders its PDF meanwhile.
   */
  async createFromTemplate(input: {
    templateDocId: string;
    /** The document's heading; the template's own title when absent. */
    title?: string;
    values: Record<string, string>;
    sectionOverrides: Record<string, string>;
    documentDate: Date;
    /**
     * Several signers and/or the firm's countersigner (issue 34): one signature block each.
     * Absent: the template's one client and printed firm signatory. The Google engine refuses
     * more than one signer or a countersigner (400).
     */
    signatureParties?: SignatureParties;
  }): Promise<CreatedContract> {
    // Refused here, before any engine copies anything: only registered templates are copied.
    const template = await this.documents.getTemplate(input.templateDocId);
    const title = input.title ?? template.title;
    const { docId } = await this.port.copyTemplate({ ...input, title });
    if (this.port.adapter !== 'local') {
      // The local engine keeps its documents here itself; another engine's copy is registered
      // so that it, and only what ProSign created, is served by id (docLinks, PDFs).
      await this.documents.registerExternal({
        _id: docId,
        kind: 'contract',
        title,
        contractKind: template.contractKind,
        templateId: input.templateDocId,
        revision: 1,
        documentDate: input.documentDate,
      });
    }
    // The preview frame opens next: have the worker render it meanwhile.
    await this.enqueueRender(docId, 1);
    return { docLink: this.port.docLink(docId, 'edit') };
  }

  /**
   * Who signs an agreement's document, set once its recipients are known (the send): one block
   * per signer and the countersigned firm block, laid out again as a new revision (rendered by
   * the worker meanwhile). The same parties again change nothing, so a repeated step is
   * harmless; 409 once anyone's signature is placed. The Google engine refuses more than one
   * signer or a countersigner (400).
   */
  async setSignatureParties(docIdOrLink: string, parties: SignatureParties): Promise<void> {
    const docId = this.docIdOf(docIdOrLink);
    const record = await this.registered(docId);
    if (record.kind !== 'contract') throw new NotFoundException(`Document ${docId} not found`);
    const before = record.revision;
    const { revision } = await this.port.setSignatureParties(docId, parties);
    if (revision !== before) await this.enqueueRender(docId, revision);
  }

  /**
   * The new signer's name printed in their block after a hand-over (issue 35), while nobody has
   * signed the document; whether it changed (a signed document keeps the names it was signed under).
   */
  async renameSigner(docIdOrLink: string, recipientId: string, name: string): Promise<boolean> {
    if (!this.port.renameSigner) return false;
    const docId = this.docIdOf(docIdOrLink);
    const { revision, renamed } = await this.port.renameSigner(docId, recipientId, name);
    if (renamed) await this.enqueueRender(docId, revision);
    return renamed;
  }

  /** The contract again with nobody's signature on it (a resend after some signed); its docLink. */
  async unsignedCopy(docIdOrLink: string): Promise<string> {
    const docId = this.docIdOf(docIdOrLink);
    const record = await this.registered(docId);
    if (record.kind !== 'contract') throw new NotFoundException(`Document ${docId} not found`);
    const copy = await this.port.unsignedCopy(docId);
    return this.port.docLink(copy.docId, 'edit');
  }

  /**
   * A document ProSign created or registered (the `documents` collection) as PDF,
   * from a docLink or a bare id; rendered inline if no job has done it yet. Any
   * other id is 404, whatever the documents engine could read (a Drive file the
   * service account sees is not ours to serve).
   */
  async pdfOf(docIdOrLink: string, authorize?: ReadCheck): Promise<PdfFile> {
    const docId = this.docIdOf(docIdOrLink);
    const record = await this.registered(docId);
    await authorize?.(record);
    return this.pdfOfRecord(record);
  }

  /** From now on only staff, a signer past the e-mail code or a cc grant reads it (`DocumentReadAccess`). */
  async restrictReadingToSigners(docIdOrLink: string): Promise<void> {
    await this.documents.restrictReading(this.docIdOf(docIdOrLink), 'signer-code');
  }

  private async pdfOfRecord(record: DocumentRecord): Promise<PdfFile> {
    const docId = record._id;
    if (DERIVED_KINDS.has(record.kind)) {
      return { docId, title: record.title, pdf: await this.derivedPdf(record) };
    }
    return { docId, title: record.title, pdf: await this.port.exportPdf(docId, record) };
  }

  /**
   * The PDF of a contract document made from one of `kind`'s templates, as a send
   * of that family carries it. Any other document (another family's, a template, a
   * derived copy) is 404 as a missing one is: a send never carries another family's
   * document, nor tells that it exists.
   */
  async contractPdfOf(docIdOrLink: string, kind: AgreementFamily): Promise<PdfFile> {
    const docId = this.docIdOf(docIdOrLink);
    const record = await this.documents.find(docId);
    if (record?.kind !== 'contract' || record.contractKind !== kind) {
      throw new NotFoundException(`Document ${docId} not found`);
    }
    return { docId, title: record.title, pdf: await this.port.exportPdf(docId, record) };
  }

  private async registered(docId: string, run?: RunDocuments): Promise<DocumentRecord> {
    const known = run?.get(docId);
    if (known) return known;
    const record = await this.documents.find(docId);
    if (!record) throw new NotFoundException(`Document ${docId} not found`);
    run?.set(docId, record);
    return record;
  }

  /**
   * Where the layout put one recipient's signature and first initials, and all their places,
   * for the signing page's viewer: `recipientId`'s (default: the single signer's, whose places
   * are untagged in a one-signer layout). Null when the engine does not record it.
   */
  async signingBookmarks(
    docIdOrLink: string,
    recipientId: string = SINGLE_SIGNER_RECIPIENT_ID,
  ): Promise<SigningBookmarks | null> {
    return signingBookmarksFor(await this.signingPlaces(docIdOrLink), recipientId);
  }

  /**
   * Every recipient's signing bookmarks of the document's current layout, computed once from
   * its stored layout (read, and rendered when missing): what the agreement keeps, so a
   * signer's link check reads no document (`signingBookmarksFor` answers each recipient).
   */
  async signingPlaces(docIdOrLink: string): Promise<StoredSigningPlaces> {
    if (this.port.adapter !== 'local') return { laidOut: false, places: [] };
    const { stored } = await this.laidOut(this.docIdOf(docIdOrLink));
    const byRecipient = new Map<string, SignatureSlot[]>();
    for (const slot of stored?.slots ?? []) {
      const id = slotRecipientId(slot);
      byRecipient.set(id, [...(byRecipient.get(id) ?? []), slot]);
    }
    return {
      laidOut: true,
      places: [...byRecipient].map(([recipientId, slots]) => {
        const first = (kind: SignatureSlot['kind']) =>
          slots
            .filter((slot) => slot.kind === kind)
            .sort((a, b) => a.page - b.page || b.y - a.y)[0];
        const signature = first('signature');
        const initials = first('initials');
        return {
          recipientId,
          bookmarks: {
            signature: signature ? bookmarkOf(signature) : null,
            initials: initials ? bookmarkOf(initials) : null,
            slots: slots.map(slotBoxOf),
          },
        };
      }),
    };
  }

  /**
   * Where a signer reads the agreement at a readable size: the reading view of a
   * contract the local engine lays out; null for another engine's (the page zooms
   * the PDF instead).
   */
  readingLink(docIdOrLink: string): string | null {
    if (this.port.adapter !== 'local') return null;
    return localReadingLink(this.config, this.docIdOf(docIdOrLink));
  }

  /** The reading view of a contract of the local engine: the content its PDF is laid out from. */
  async readingOf(docIdOrLink: string, authorize?: ReadCheck): Promise<AgreementReading> {
    const docId = this.docIdOf(docIdOrLink);
    const { record, stored } = await this.laidOut(docId, authorize);
    if (this.port.adapter !== 'local' || record.kind !== 'contract' || !record.content || !stored) {
      throw new NotFoundException(`Document ${docId} has no reading view`);
    }
    return agreementReading(record.content as AgreementContent, stored);
  }

  /**
   * A document's record and the stored layout of its current revision. Rendering records
   * the layout with the PDF, usually done already by the render job: the record is enough,
   * and the PDF itself is read (and rendered) only when it is missing.
   */
  private async laidOut(docId: string, authorize?: ReadCheck) {
    let record = await this.registered(docId);
    await authorize?.(record);
    let stored = await this.documents.findPdf(docId, record.revision);
    if (!stored) {
      await this.pdfOf(docId);
      record = await this.registered(docId);
      stored = await this.documents.findPdf(docId, record.revision);
    }
    return { record, stored };
  }

  /**
   * Signature and initials (derived from the signer's full name) placed into the agreement:
   * into `recipientId`'s places only when given (400 when the document has no block for them).
   */
  async placeSignature(
    request: PlaceSignatureRequest,
    run?: RunDocuments,
  ): Promise<{ docLink: string }> {
    const docId = this.docIdOf(request.document);
    const signaturePng =
      'text' in request.signature
        ? this.signatures.renderTypedSignature(request.signature.text, request.contractKind)
        : this.signatures.normalizeUploadedPng(request.signature.image);
    const { png: initialsPng } = this.signatures.renderInitials(
      request.signerName,
      request.contractKind,
      request.initials,
    );
    const signed = await this.port.placeSignature(docId, {
      signaturePng,
      initialsPng,
      signerName: request.signerName,
      signedAt: request.signedAt,
      ...(request.recipientId === undefined ? {} : { recipientId: request.recipientId }),
    });
    // The record as the placement left it: the audit trail's step renders it without a read.
    if (signed) run?.set(docId, signed);
    // No render job: the finish's next step (the audit trail hashes the signed agreement) renders
    // it at once, and a job beside it only rendered the same revision twice.
    return { docLink: this.port.docLink(docId, 'edit') };
  }

  /** An audit-trail document for a signed agreement; the same events give the same document. */
  async createAuditTrail(
    request: AuditTrailRequest,
    run?: RunDocuments,
  ): Promise<{ docId: string; docLink: string }> {
    const record = await this.registered(this.docIdOf(request.agreement), run);
    const agreement = await this.pdfOfRecord(record);
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
    await this.documents.appendAuditEvent(this.docIdOf(auditTrail), event);
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
      pdf: await this.derivedPdf(record, parts),
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
    const sources = [this.docIdOf(agreement), this.docIdOf(auditTrail)];
    const [agreementRecord, trail] = [
      await this.registered(sources[0], run),
      await this.registered(sources[1], run),
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
    const source = this.docIdOf(document);
    const record = await this.registered(source);
    const { _id: docId } = await this.createDerived(derivationKey('void', source), {
      kind: 'void',
      title: `VOID: ${record.title}`,
      sources: [source],
      voided: { by: actor, at },
      documentDate: at,
    });
    return { docId, docLink: localDocLink(this.config, docId, 'view') };
  }

  /** Produces and stores the PDF of a document if its current revision has none yet (queue jobs). */
  async ensurePdf(docId: string): Promise<void> {
    await this.pdfOf(docId);
  }

  /** A document id from a docLink (`…/d/{id}/…`) or a bare id; 400 otherwise. */
  docIdOf(docIdOrLink: string): string {
    const value = docIdOrLink.trim();
    const docId = value.includes('/') ? extractDocId(value) : isValidDocId(value) ? value : null;
    if (!docId) throw new BadRequestException('Invalid document link.');
    return docId;
  }

  /** A derived document's PDF; `known`: records of its sources just read (not read again). */
  private async derivedPdf(record: DocumentRecord, known: DocumentRecord[] = []): Promise<Buffer> {
    const stored = await this.documents.readCurrentPdf(record);
    if (stored) return stored;
    const { pdf, pageCount } = await this.buildDerived(record, known);
    const kept = await this.documents.storePdf(record, pdf, pageCount);
    // Another process stored this revision first: everybody gets that copy.
    const ours = createHash('sha256').update(pdf).digest('hex');
    return kept.sha256 === ours ? pdf : this.documents.getFile(kept.fileId);
  }

  private async buildDerived(
    record: DocumentRecord,
    known: DocumentRecord[] = [],
  ): Promise<{ pdf: Buffer; pageCount: number }> {
    const date = new Date(record.documentDate);
    switch (record.kind) {
      case 'audit-trail': {
        if (!record.auditTrail) throw new Error(`Audit trail ${record._id} has no content`);
        return renderAuditTrail(record.auditTrail, date);
      }
      case 'combined': {
        const parts = await Promise.all(
          (record.sources ?? []).map((id) =>
            this.partOf(known.find((part) => part._id === id) ?? id),
          ),
        );
        // Merged and sealed in one pass: the merge is saved once, and not parsed again.
        return this.sealer.mergeAndSeal(
          parts.map((part) => part.pdf),
          { title: record.title, date },
          {
            signingTime: date,
            level: record.sealLevel,
            reason: 'Signed agreement and audit trail, sealed by ProSign',
            location: FIRM_LETTERHEAD.lines[0],
            contactInfo: FIRM_LETTERHEAD.lines[2],
          },
        );
      }
      case 'void': {
        const [source] = record.sources ?? [];
        if (!source || !record.voided) throw new Error(`Void document ${record._id} is incomplete`);
        const original = await this.pdfOf(source);
        const pdf = await stampVoid(original.pdf, {
          by: record.voided.by,
          at: new Date(record.voided.at),
        });
        return { pdf, pageCount: await pageCountOf(pdf) };
      }
      default:
        throw new Error(`Document ${record._id} of kind ${record.kind} is not derived`);
    }
  }

  /**
   * A part of a combined document. The audit trail is laid out for the seal without storing
   * its own PDF (a pure function of its record: whoever opens the trail alone later gets the
   * same bytes, stored then); saves the finish a read that always misses and two inserts.
   */
  private async partOf(part: string | DocumentRecord): Promise<{ pdf: Buffer }> {
    const record = typeof part === 'string' ? await this.registered(part) : part;
    if (record.kind === 'audit-trail') return this.buildDerived(record);
    return this.pdfOfRecord(record);
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

  private async enqueueRender(docId: string, revision: number): Promise<void> {
    if (this.port.adapter !== 'local') return;
    await this.queue.add(
      DocumentsJob.RenderDocument,
      { docId },
      { jobId: jobIdFor(DocumentsJob.RenderDocument, docId, revision) },
    );
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

/**
 * A document's signing bookmarks for every recipient with places in its layout, as an
 * agreement keeps them (`Agreement.signingPlaces`). `laidOut` false: the engine records no
 * layout (another engine than the local one), so nobody has bookmarks.
 */
export interface StoredSigningPlaces {
  laidOut: boolean;
  places: Array<{ recipientId: string; bookmarks: SigningBookmarks }>;
}

/**
 * One recipient's bookmarks of stored signing places: null when the engine records no layout,
 * no places when the layout has none of theirs. Built field by field, so what was stored and read
 * back answers exactly what the layout answered (the same keys in the same order).
 */
export function signingBookmarksFor(
  stored: StoredSigningPlaces,
  recipientId: string = SINGLE_SIGNER_RECIPIENT_ID,
): SigningBookmarks | null {
  if (!stored.laidOut) return null;
  const found = stored.places.find((place) => place.recipientId === recipientId)?.bookmarks;
  const mark = (at: SigningBookmark | null | undefined): SigningBookmark | null =>
    at ? { page: at.page, yRatio: at.yRatio } : null;
  return {
    signature: mark(found?.signature),
    initials: mark(found?.initials),
    slots: (found?.slots ?? []).map((slot) => ({
      kind: slot.kind,
      page: slot.page,
      left: slot.left,
      top: slot.top,
      width: slot.width,
      height: slot.height,
    })),
  };
}

/** A slot (PDF points, origin bottom-left, 0-based page) as a viewer bookmark (1-based page, from the top). */
function bookmarkOf(slot: SignatureSlot): SigningBookmark {
  const top = PAGE.height - slot.y - slot.height;
  return { page: slot.page + 1, yRatio: Math.min(1, Math.max(0, top / PAGE.height)) };
}

/** A slot as fractions of its page from the top left, as the signing page overlays it. */
function slotBoxOf(slot: SignatureSlot): SigningSlot {
  const ratio = (value: number, of: number) => Math.min(1, Math.max(0, value / of));
  return {
    kind: slot.kind,
    page: slot.page + 1,
    left: ratio(slot.x, PAGE.width),
    top: ratio(PAGE.height - slot.y - slot.height, PAGE.height),
    width: ratio(slot.width, PAGE.width),
    height: ratio(slot.height, PAGE.height),
  };
}

function definedOnly(values: Record<string, string | undefined>): Record<string, string> {
  return Object.fromEntries(
    Object.entries(values).filter((entry): entry is [string, string] => entry[1] !== undefined),
  );
}

async function pageCountOf(pdf: Uint8Array): Promise<number> {
  const { PDFDocument } = await import('pdf-lib');
  return (await PDFDocument.load(pdf, { updateMetadata: false })).getPageCount();
}
