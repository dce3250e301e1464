import { InjectQueue } from '@nestjs/bullmq';
import { Inject, Injectable, NotFoundException } from '@nestjs/common';
import {
  agreementTitle as agreementTitleOr,
  type AgreementFamily,
  type CreatedContract,
} from '@prosign/domain';
import type { Queue } from 'bullmq';
import {
  DOCUMENTS_PORT,
  DocumentRepository,
  type DocumentsPort,
  type PlacedFieldValues,
  type SignatureParties,
} from '../../integrations/documents';
import { jobIdFor } from '../../platform/queues/job-id';
import { QueueName } from '../../platform/queues/queue-names';
import { DocumentPdfService, type RunDocuments } from './document-pdf.service';
import { DocumentJobData, DocumentsJob } from './documents.jobs';
import type { ContractFormDataDto } from './dto/contract-form-data.dto';
import { SignatureImageService, type UploadedImage } from './signatures/signature-image.service';
import { standardContractValues } from './templates/contract-placeholders';

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
  /** An uploaded document's values this recipient filled, placed with the signature. */
  fieldValues?: PlacedFieldValues;
}

/**
 * The document engine's authoring use cases: create an agreement from a template, set and
 * rename its signers, copy it unsigned, place signatures. Agreements go through the documents
 * port (local engine or Google). Serving PDFs is DocumentPdfService's, the derived documents
 * (audit trail, signed agreement, void) DerivedDocumentsService's, the signing places and
 * reading view DocumentLayoutService's.
 */
@Injectable()
export class DocumentsService {
  constructor(
    @Inject(DOCUMENTS_PORT) private readonly port: DocumentsPort,
    private readonly documents: DocumentRepository,
    private readonly pdfs: DocumentPdfService,
    private readonly signatures: SignatureImageService,
    @InjectQueue(QueueName.Documents) private readonly queue: Queue<DocumentJobData>,
  ) {}

  /** POST /api/template/create-contract: a filled copy of the template the docLink names. */
  async createContract(
    templateLink: string,
    form: ContractFormDataDto,
    signatureParties?: SignatureParties,
  ): Promise<CreatedContract> {
    const templateDocId = this.pdfs.docIdOf(templateLink);
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
     * Several signers and/or the firm's countersigner: one signature block each.
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
    const docId = this.pdfs.docIdOf(docIdOrLink);
    const record = await this.pdfs.registered(docId);
    if (record.kind !== 'contract') throw new NotFoundException(`Document ${docId} not found`);
    const before = record.revision;
    const { revision } = await this.port.setSignatureParties(docId, parties);
    if (revision !== before) await this.enqueueRender(docId, revision);
  }

  /**
   * The new signer's name printed in their block after a hand-over, while nobody has
   * signed the document; whether it changed (a signed document keeps the names it was signed under).
   */
  async renameSigner(docIdOrLink: string, recipientId: string, name: string): Promise<boolean> {
    if (!this.port.renameSigner) return false;
    const docId = this.pdfs.docIdOf(docIdOrLink);
    const { revision, renamed } = await this.port.renameSigner(docId, recipientId, name);
    if (renamed) await this.enqueueRender(docId, revision);
    return renamed;
  }

  /** The contract again with nobody's signature on it (a resend after some signed); its docLink. */
  async unsignedCopy(docIdOrLink: string): Promise<string> {
    const docId = this.pdfs.docIdOf(docIdOrLink);
    const record = await this.pdfs.registered(docId);
    if (record.kind !== 'contract') throw new NotFoundException(`Document ${docId} not found`);
    const copy = await this.port.unsignedCopy(docId);
    return this.port.docLink(copy.docId, 'edit');
  }

  /** From now on only staff, a signer past the e-mail code or a cc grant reads it (`DocumentReadAccess`). */
  async restrictReadingToSigners(docIdOrLink: string): Promise<void> {
    await this.documents.restrictReading(this.pdfs.docIdOf(docIdOrLink), 'signer-code');
  }

  /**
   * Signature and initials (derived from the signer's full name) placed into the agreement:
   * into `recipientId`'s places only when given (400 when the document has no block for them).
   */
  async placeSignature(
    request: PlaceSignatureRequest,
    run?: RunDocuments,
  ): Promise<{ docLink: string }> {
    const docId = this.pdfs.docIdOf(request.document);
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
      ...(request.fieldValues ? { fieldValues: request.fieldValues } : {}),
    });
    // The record as the placement left it: the audit trail's step renders it without a read.
    if (signed) run?.set(docId, signed);
    // No render job: the finish's next step (the audit trail hashes the signed agreement) renders
    // it at once, and a job beside it only rendered the same revision twice.
    return { docLink: this.port.docLink(docId, 'edit') };
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

function definedOnly(values: Record<string, string | undefined>): Record<string, string> {
  return Object.fromEntries(
    Object.entries(values).filter((entry): entry is [string, string] => entry[1] !== undefined),
  );
}
