import { BadRequestException, Inject, Injectable, NotFoundException } from '@nestjs/common';
import { extractDocId, isValidDocId, type AgreementFamily } from '@prosign/domain';
import { createHash } from 'node:crypto';
import {
  DOCUMENTS_PORT,
  type DocumentKind,
  type DocumentRecord,
  DocumentRepository,
  type DocumentsPort,
  renderAuditTrail,
  stampVoid,
} from '../../integrations/documents';
import { PdfSealerService } from './pdf/pdf-sealer.service';
import { FIRM_LETTERHEAD } from './templates/firm-letterhead';

const DERIVED_KINDS: ReadonlySet<DocumentKind> = new Set(['audit-trail', 'combined', 'void']);

export interface PdfFile {
  docId: string;
  title: string;
  pdf: Buffer;
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
 * Any document ProSign created or registered, served as PDF: an agreement through the documents
 * port, a derived one (audit trail, signed agreement, void) built here with pdf-lib and kept in
 * GridFS.
 */
@Injectable()
export class DocumentPdfService {
  constructor(
    @Inject(DOCUMENTS_PORT) private readonly port: DocumentsPort,
    private readonly documents: DocumentRepository,
    private readonly sealer: PdfSealerService,
  ) {}

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

  async pdfOfRecord(record: DocumentRecord): Promise<PdfFile> {
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

  /** The record of a document ProSign created or registered (404 otherwise); `run`'s if it has it. */
  async registered(docId: string, run?: RunDocuments): Promise<DocumentRecord> {
    const known = run?.get(docId);
    if (known) return known;
    const record = await this.documents.find(docId);
    if (!record) throw new NotFoundException(`Document ${docId} not found`);
    run?.set(docId, record);
    return record;
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
  async derivedPdf(record: DocumentRecord, known: DocumentRecord[] = []): Promise<Buffer> {
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
}

async function pageCountOf(pdf: Uint8Array): Promise<number> {
  const { PDFDocument } = await import('pdf-lib');
  return (await PDFDocument.load(pdf, { updateMetadata: false })).getPageCount();
}
