import {
  BadRequestException,
  ConflictException,
  Injectable,
  NotFoundException,
} from '@nestjs/common';
import { type DocLinkMode, fillPlaceholders, SINGLE_SIGNER_RECIPIENT_ID } from '@prosign/domain';
import { AppConfig } from '../../platform/config/app-config';
import { type AgreementContent, signersOf } from './document-content';
import { localDocLink } from './document-links';
import {
  COUNTERSIGNER_DEFAULT_TITLE,
  type CopyTemplateRequest,
  type DocumentsPort,
  RECIPIENT_ID_PATTERN,
  type SignatureParties,
  type SignaturePlacement,
} from './documents.port';
import { renderAgreement } from './layout/agreement-layout';
import { type SignatureImages, stampSignatures } from './pdf/pdf-tools';
import { newDocumentId } from './store/document-ids';
import { DocumentRepository } from './store/document.repository';
import type { DocumentRecord, PlacedSignature } from './store/document.schema';
import { renderUploaded } from './uploaded-render';

/** The label of an uploaded document's signers when the parties are checked (nothing is printed). */
const UPLOADED_SIGNER_LABEL = 'Signer';

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
    await this.documents.insert({
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

  async placeSignature(docId: string, placement: SignaturePlacement): Promise<DocumentRecord> {
    const { recipientId } = placement;
    const record = await this.documents.find(docId);
    if (record?.kind !== 'contract' || !record.content) {
      throw new NotFoundException(`Contract document ${docId} not found`);
    }
    if (recipientId !== undefined && !signingPartyIds(record.content).includes(recipientId)) {
      throw new BadRequestException(
        `Document ${docId} has no signature block for recipient ${recipientId}`,
      );
    }
    const prefix = recipientId === undefined ? docId : `${docId}-${recipientId}`;
    const [signature, initials] = await Promise.all([
      this.documents.putFile(placement.signaturePng, `${prefix}-signature.png`, {
        documentId: docId,
      }),
      this.documents.putFile(placement.initialsPng, `${prefix}-initials.png`, {
        documentId: docId,
      }),
    ]);
    const placed: PlacedSignature = {
      signatureFileId: signature.fileId,
      initialsFileId: initials.fileId,
      signerName: placement.signerName,
      signedAt: placement.signedAt,
    };
    // One atomic update setting this recipient's key only: signers placing at the same moment
    // each keep theirs, and each bumps the revision (a new PDF to render). It is conditional on
    // the layout checked above, which setSignatureParties alone changes.
    // The record comes back as updated: the finish renders the new revision next without a read.
    const signed = await this.documents.placeSignature(
      docId,
      record.layoutRevision,
      recipientId,
      placed,
    );
    if (!signed) {
      throw new ConflictException(
        `Document ${docId}'s signers changed meanwhile: place the signature again`,
      );
    }
    // Nobody rendered the revision this write created: the finish's render looks for none.
    this.documents.noteCreatedRevision(docId, signed.revision);
    return signed;
  }

  async setSignatureParties(
    docId: string,
    parties: SignatureParties,
  ): Promise<{ revision: number }> {
    const record = await this.documents.find(docId);
    if (record?.kind === 'contract' && record.uploaded) {
      // An upload has no signature block to lay out: its fields name the recipients already.
      signatureBlockParties(parties, UPLOADED_SIGNER_LABEL);
      return { revision: record.revision };
    }
    if (record?.kind !== 'contract' || !record.content) {
      throw new NotFoundException(`Contract document ${docId} not found`);
    }
    const block = record.content.signatureBlock;
    const wanted = signatureBlockParties(parties, block.clientLabel);
    const same =
      JSON.stringify(block.signers) === JSON.stringify(wanted.signers) &&
      JSON.stringify(block.countersigner) === JSON.stringify(wanted.countersigner);
    if (same) return { revision: record.revision };
    if (Object.keys(placedSignatures(record)).length > 0) {
      throw new ConflictException(
        `Document ${docId} is already signed by someone: its signers can no longer change`,
      );
    }
    const revision = record.revision + 1;
    // Conditional on the revision read and on no signature placed meanwhile: the text is laid
    // out again at the new revision, which becomes the layout signatures are stamped onto.
    const updated = await this.documents.relayoutUnsigned(
      docId,
      record.revision,
      revision,
      {
        'content.signatureBlock.signers': wanted.signers,
        ...(wanted.countersigner
          ? { 'content.signatureBlock.countersigner': wanted.countersigner }
          : {}),
      },
      wanted.countersigner ? undefined : { 'content.signatureBlock.countersigner': 1 },
    );
    if (!updated) {
      throw new ConflictException(`Document ${docId} changed meanwhile: set its signers again`);
    }
    return { revision };
  }

  async renameSigner(
    docId: string,
    recipientId: string,
    name: string,
  ): Promise<{ revision: number; renamed: boolean }> {
    const record = await this.documents.find(docId);
    // An upload prints no names: its name fields show what each recipient finished with.
    if (record?.kind === 'contract' && record.uploaded) {
      return { revision: record.revision, renamed: false };
    }
    if (record?.kind !== 'contract' || !record.content) {
      throw new NotFoundException(`Contract document ${docId} not found`);
    }
    const unchanged = { revision: record.revision, renamed: false };
    if (Object.keys(placedSignatures(record)).length > 0) return unchanged;
    const block = record.content.signatureBlock;
    const index = block.signers?.findIndex((signer) => signer.recipientId === recipientId) ?? -1;
    const path =
      index >= 0
        ? `content.signatureBlock.signers.${index}.name`
        : !block.signers && recipientId === SINGLE_SIGNER_RECIPIENT_ID
          ? 'content.signatureBlock.clientName'
          : null;
    const current = index >= 0 ? block.signers?.[index]?.name : block.clientName;
    if (!path || current === name) return unchanged;
    const revision = record.revision + 1;
    // Conditional on the revision read and on no signature placed meanwhile, as setSignatureParties.
    const renamed = await this.documents.relayoutUnsigned(docId, record.revision, revision, {
      [path]: name,
    });
    return renamed ? { revision, renamed: true } : unchanged;
  }

  async unsignedCopy(docId: string): Promise<{ docId: string }> {
    const record = await this.documents.find(docId);
    if (record?.kind !== 'contract' || (!record.content && !record.uploaded)) {
      throw new NotFoundException(`Contract document ${docId} not found`);
    }
    const copyId = newDocumentId();
    // The same upload and fields; nobody's values or signature (`fieldValues`, `signatures`).
    await this.documents.insert({
      _id: copyId,
      kind: 'contract',
      title: record.title,
      contractKind: record.contractKind,
      ...(record.templateId ? { templateId: record.templateId } : {}),
      ...(record.content ? { content: record.content } : {}),
      ...(record.uploaded ? { uploaded: record.uploaded } : {}),
      revision: 1,
      layoutRevision: 1,
      documentDate: record.documentDate,
    });
    return { docId: copyId };
  }

  async exportPdf(docId: string, known?: DocumentRecord): Promise<Buffer> {
    const record = known?._id === docId ? known : await this.documents.find(docId);
    if (
      !record ||
      (record.kind !== 'template' && record.kind !== 'contract') ||
      (!record.content && !record.uploaded)
    ) {
      throw new NotFoundException(`Document ${docId} not found`);
    }
    const stored = await this.documents.readCurrentPdf(record);
    if (stored) return stored;
    if (record.uploaded) {
      const filled = await renderUploaded(this.documents, record.uploaded, {
        signatures: placedSignatures(record),
        fieldValues: record.fieldValues ?? {},
      });
      await this.documents.storePdf(record, filled.pdf, filled.pageCount);
      return filled.pdf;
    }
    const { pdf, pageCount, slots, sections } = await this.render(record);
    await this.documents.storePdf(record, pdf, pageCount, slots, sections);
    return pdf;
  }

  /**
   * Lays the agreement out, then stamps each recipient's signature into that
   * recipient's slots the layout recorded. A signed contract whose unsigned layout is stored (the signer
   * opened it) is stamped onto that PDF: the text is not laid out again.
   */
  private async render(record: DocumentRecord) {
    const placed = Object.entries(placedSignatures(record));
    const layoutRevision = placed.length > 0 ? record.layoutRevision : undefined;
    const rendered =
      (layoutRevision !== undefined && layoutRevision !== record.revision
        ? await this.documents.readPdf(record._id, layoutRevision)
        : null) ?? (await renderAgreement(record.content as AgreementContent, record.documentDate));
    if (placed.length === 0) return rendered;
    const images = await Promise.all(
      placed.map(async ([recipientId, signature]): Promise<[string, SignatureImages]> => {
        const [signaturePng, initialsPng] = await Promise.all([
          this.documents.getFile(signature.signatureFileId),
          this.documents.getFile(signature.initialsFileId),
        ]);
        return [recipientId, { signaturePng, initialsPng, signedAt: new Date(signature.signedAt) }];
      }),
    );
    // The PDF's dates are the last signature's.
    const lastSignedAt = Math.max(...images.map(([, image]) => image.signedAt.getTime()));
    const signed = await stampSignatures(
      rendered.pdf,
      rendered.slots,
      Object.fromEntries(images),
      new Date(lastSignedAt),
    );
    return { ...rendered, pdf: signed };
  }
}

/**
 * Every recipient's placed signature by recipient id; the `signature` of a document signed
 * before recipients is the single signer's.
 */
function placedSignatures(
  record: Pick<DocumentRecord, 'signature' | 'signatures'>,
): Record<string, PlacedSignature> {
  return {
    ...(record.signature ? { [SINGLE_SIGNER_RECIPIENT_ID]: record.signature } : {}),
    ...(record.signatures ?? {}),
  };
}

/** The recipients with a signature block: every signer and the countersigner. */
function signingPartyIds(content: AgreementContent): string[] {
  const countersigner = content.signatureBlock.countersigner;
  return [
    ...signersOf(content).map((signer) => signer.recipientId),
    ...(countersigner ? [countersigner.recipientId] : []),
  ];
}

/** The template's content with edited sections swapped in and every placeholder filled; refuses data that leaves any unfilled. */
export function fillContent(
  template: AgreementContent,
  request: Pick<CopyTemplateRequest, 'title' | 'values' | 'sectionOverrides' | 'signatureParties'>,
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
      ...(request.signatureParties
        ? signatureBlockParties(request.signatureParties, template.signatureBlock.clientLabel)
        : {}),
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

/**
 * The signature block's parties from the creation's: checked (a signer at least, each named,
 * recipient ids well-formed and distinct) and completed with the default labels and title.
 * Names are the people's own: never read for placeholders.
 */
function signatureBlockParties(
  parties: SignatureParties,
  clientLabel: string,
): Pick<AgreementContent['signatureBlock'], 'signers' | 'countersigner'> {
  const { signers, countersigner } = parties;
  if (!Array.isArray(signers) || signers.length === 0) {
    throw new BadRequestException('A signature block needs at least one signer.');
  }
  const everyone = [...signers, ...(countersigner ? [countersigner] : [])];
  for (const party of everyone) {
    if (!RECIPIENT_ID_PATTERN.test(String(party.recipientId))) {
      throw new BadRequestException(`Invalid recipient id: ${String(party.recipientId)}`);
    }
    if (!String(party.name ?? '').trim()) {
      throw new BadRequestException(`Recipient ${party.recipientId} has no name.`);
    }
  }
  const ids = everyone.map((party) => party.recipientId);
  const repeated = ids.filter((id, index) => ids.indexOf(id) !== index);
  if (repeated.length > 0) {
    throw new BadRequestException(
      `Recipient ${repeated[0]} is named twice in the signature block.`,
    );
  }
  return {
    signers: signers.map((signer, index) => ({
      recipientId: signer.recipientId,
      name: signer.name.trim(),
      label:
        signer.label?.trim() ||
        (signers.length === 1 ? clientLabel : `${clientLabel} ${index + 1}`),
    })),
    ...(countersigner
      ? {
          countersigner: {
            recipientId: countersigner.recipientId,
            name: countersigner.name.trim(),
            title: countersigner.title?.trim() || COUNTERSIGNER_DEFAULT_TITLE,
          },
        }
      : {}),
  };
}
