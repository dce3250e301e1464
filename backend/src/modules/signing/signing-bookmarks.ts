import { Injectable, Logger } from '@nestjs/common';
import type { SigningBookmarks } from '@prosign/domain';
import { AgreementRepository, familyConfig, type Agreement } from '../agreements';
import { DocumentLayoutService, signingBookmarksFor } from '../documents';

/**
 * The signing page's bookmarks of a signer: from the signing places the agreement
 * keeps, computed when its document was sent, so a link check reads no document. An agreement
 * sent before they were kept has them computed from its document once, on its first read, and
 * stored (only if none were stored meanwhile): old links keep working, and cost that read once.
 */
@Injectable()
export class SigningBookmarksReader {
  private readonly logger = new Logger(SigningBookmarksReader.name);

  constructor(
    private readonly repository: AgreementRepository,
    private readonly documentLayout: DocumentLayoutService,
  ) {}

  /** `recipientId`'s bookmarks; throws when an agreement without stored places cannot compute them. */
  async bookmarksOf(
    agreement: Pick<Agreement, '_id' | 'docLink' | 'signingPlaces'>,
    recipientId: string,
  ): Promise<SigningBookmarks | null> {
    const stored = agreement.signingPlaces;
    if (stored) return signingBookmarksFor(stored, recipientId);
    const places = await this.documentLayout.signingPlaces(agreement.docLink);
    await this.repository
      .storeSigningPlaces(agreement._id, places, { ifAbsent: true })
      .catch((error: unknown) =>
        this.logger.warn(
          `signing places of agreement ${String(agreement._id)} not stored: ${(error as Error).message}`,
        ),
      );
    return signingBookmarksFor(places, recipientId);
  }

  /**
   * Where a phone reads the agreement first, from the agreement alone: the reading view of a
   * document laid out from content; none for an uploaded PDF, which has no text to lay out again.
   */
  readingLinkOf(agreement: Pick<Agreement, 'family' | 'docLink'>): string | null {
    if (familyConfig(agreement.family).uploadedDocuments) return null;
    return this.documentLayout.readingLink(agreement.docLink);
  }
}
