import { BadRequestException, Injectable, NotFoundException } from '@nestjs/common';
import { type DocLinkMode, fillPlaceholders } from '@prosign/domain';
import { AppConfig } from '../../platform/config/app-config';
import type { AgreementContent } from './document-content';
import { localDocLink } from './document-links';
import type { CopyTemplateRequest, DocumentsPort, SignaturePlacement } from './documents.port';
import { renderAgreement } from './layout/agreement-layout';
import { stampSignature } from './pdf/pdf-tools';
import { newDocumentId } from './store/document-ids';
import { DocumentRepository } from './store/document.repository';
import type { DocumentRecord } from './store/document.schema';

/**
 * The embedded document engine: templates are MongoDB documents made of
 * ordered sections with `$placeholders`; a copy is a filled snapshot of them,
 * laid out to PDF with PDFKit and kept in GridFS per revision.
 */
@Injectable()
export class LocalDocumentsAdapter implements DocumentsPort {
  readonly adapter = 'local' as const;

  constructor(
    private readonly config: AppConfig,
    private readonly documents: DocumentRepository,
  ) {}

  docLink(docId: string, mode: DocLinkMode): string {
    return localDocLink(this.config, docId, mode);
  }

  async copyTemplate(request: CopyTemplateRequest): Promise<{ docId: string }> {
    const template = await this.documents.getTemplate(request.templateDocId);
    if (!template.content) {
      throw new NotFoundException(`Template document ${request.templateDocId} not found`);
    }
    const content = fillContent(template.content, request);
    // Random, not an ObjectId: a docLink is what lets a signer open the document.
    const docId = newDocumentId();
    await this.documents.model.create({
      _id: docId,
      kind: 'contract',
      title: content.title,
      contractKind: template.contractKind,
      templateId: template._id,
      content,
      revision: 1,
      layoutRevision: 1,
      documentDate: request.documentDate,
    });
    return { docId };
  }

  async placeSignature(docId: string, placement: SignaturePlacement): Promise<void> {
    const [signature, initials] = await Promise.all([
      this.documents.putFile(placement.signaturePng, `${docId}-signature.png`, {
        documentId: docId,
      }),
      this.documents.putFile(placement.initialsPng, `${docId}-initials.png`, { documentId: docId }),
    ]);
    const updated = await this.documents.model.findOneAndUpdate(
      { _id: docId, kind: 'contract' },
      {
        $set: {
          signature: {
            signatureFileId: signature.fileId,
            initialsFileId: initials.fileId,
            signerName: placement.signerName,
            signedAt: placement.signedAt,
          },
        },
        $inc: { revision: 1 },
      },
    );
    if (!updated) throw new NotFoundException(`Contract document ${docId} not found`);
  }

  async exportPdf(docId: string, known?: DocumentRecord): Promise<Buffer> {
    const record = known?._id === docId ? known : await this.documents.find(docId);
    if (!record || (record.kind !== 'template' && record.kind !== 'contract') || !record.content) {
      throw new NotFoundException(`Document ${docId} not found`);
    }
    const stored = await this.documents.readCurrentPdf(record);
    if (stored) return stored;
    const { pdf, pageCount, slots, sections } = await this.render(record);
    await this.documents.storePdf(record, pdf, pageCount, slots, sections);
    return pdf;
  }

  /**
   * Lays the agreement out, then stamps the signature into the slots the layout
   * recorded. A signed contract whose unsigned layout is stored (the signer
   * opened it) is stamped onto that PDF: the text is not laid out again.
   */
  private async render(record: DocumentRecord) {
    const layoutRevision = record.signature ? record.layoutRevision : undefined;
    const rendered =
      (layoutRevision !== undefined && layoutRevision !== record.revision
        ? await this.documents.readPdf(record._id, layoutRevision)
        : null) ?? (await renderAgreement(record.content as AgreementContent, record.documentDate));
    if (!record.signature) return rendered;
    const [signaturePng, initialsPng] = await Promise.all([
      this.documents.getFile(record.signature.signatureFileId),
      this.documents.getFile(record.signature.initialsFileId),
    ]);
    const signed = await stampSignature(
      rendered.pdf,
      rendered.slots,
      { signaturePng, initialsPng, signedAt: new Date(record.signature.signedAt) },
      new Date(record.signature.signedAt),
    );
    return { ...rendered, pdf: signed };
  }
}

/** The template's content with edited sections swapped in and every placeholder filled; refuses data that leaves any unfilled. */
export function fillContent(
  template: AgreementContent,
  request: Pick<CopyTemplateRequest, 'title' | 'values' | 'sectionOverrides'>,
): AgreementContent {
  const missing = new Set<string>();
  const fill = (text: string) => {
    const result = fillPlaceholders(text, request.values);
    result.missing.forEach((name) => missing.add(name));
    return result.text;
  };
  const overrides = request.sectionOverrides ?? {};
  const content: AgreementContent = {
    ...template,
    title: fill(request.title),
    subtitle: template.subtitle === undefined ? undefined : fill(template.subtitle),
    sections: template.sections.map((section) => ({
      ...section,
      heading: section.heading === undefined ? undefined : fill(section.heading),
      body: fill(overrides[section.key] ?? section.body),
    })),
    signatureBlock: {
      ...template.signatureBlock,
      clientName: fill(template.signatureBlock.clientName),
    },
  };
  const unknownSections = Object.keys(overrides).filter(
    (key) => !template.sections.some((section) => section.key === key),
  );
  if (unknownSections.length > 0) {
    throw new BadRequestException(
      `The template has no section named: ${unknownSections.join(', ')}`,
    );
  }
  if (missing.size > 0) {
    throw new BadRequestException(
      `Missing data for the template placeholders: ${[...missing].map((name) => `$${name}`).join(', ')}`,
    );
  }
  return content;
}
