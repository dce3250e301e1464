import { Inject, Injectable, NotFoundException } from '@nestjs/common';
import {
  SINGLE_SIGNER_RECIPIENT_ID,
  type AgreementReading,
  type SigningBookmark,
  type SigningBookmarks,
  type SigningSlot,
} from '@prosign/domain';
import {
  agreementReading,
  type AgreementContent,
  DOCUMENTS_PORT,
  DocumentRepository,
  type DocumentsPort,
  localReadingLink,
  PAGE,
  type SignatureSlot,
  slotRecipientId,
} from '../../integrations/documents';
import { AppConfig } from '../../platform/config/app-config';
import { DocumentPdfService, type ReadCheck } from './document-pdf.service';

/**
 * Where a document's layout put things, for the signing pages: each recipient's signing places
 * (bookmarks and slots), and the reading view of a contract the local engine lays out.
 */
@Injectable()
export class DocumentLayoutService {
  constructor(
    @Inject(DOCUMENTS_PORT) private readonly port: DocumentsPort,
    private readonly documents: DocumentRepository,
    private readonly pdfs: DocumentPdfService,
    private readonly config: AppConfig,
  ) {}

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
    const { stored } = await this.laidOut(this.pdfs.docIdOf(docIdOrLink));
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
    return localReadingLink(this.config, this.pdfs.docIdOf(docIdOrLink));
  }

  /** The reading view of a contract of the local engine: the content its PDF is laid out from. */
  async readingOf(docIdOrLink: string, authorize?: ReadCheck): Promise<AgreementReading> {
    const docId = this.pdfs.docIdOf(docIdOrLink);
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
    let record = await this.pdfs.registered(docId);
    await authorize?.(record);
    let stored = await this.documents.findPdf(docId, record.revision);
    if (!stored) {
      await this.pdfs.pdfOf(docId);
      record = await this.pdfs.registered(docId);
      stored = await this.documents.findPdf(docId, record.revision);
    }
    return { record, stored };
  }
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
