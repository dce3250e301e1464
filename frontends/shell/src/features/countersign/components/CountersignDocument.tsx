import type { SigningSlot } from '@prosign/domain';
import { PdfViewer, STAFF_PDF_REQUEST, useMediaQuery, type PdfViewerHandle } from '@prosign/ui';
import { useRef } from 'react';

/** Screens narrow enough that a page drawn at their width has text too small to read. */
const NARROW_SCREEN_QUERY = '(max-width: 700px)';

export interface CountersignDocumentProps {
  docLink: string;
  agreementTitle: string;
  /** The firm's places in the layout: the saved signature is shown where it will be stamped. */
  slots: readonly SigningSlot[];
  /** The saved typed signature, until the finish stamps it. */
  savedSignature: string | null;
  /** Where the firm's signature block is, to scroll there. */
  signatureBookmark: { page: number; yRatio: number } | null;
}

/**
 * The agreement as the signers see it: the shared PDF viewer of `@prosign/ui` (zoomed to
 * readable text on a phone), a way to the firm's signature block, and the saved
 * signature drawn where the finish will stamp it.
 */
export function CountersignDocument({
  docLink,
  agreementTitle,
  slots,
  savedSignature,
  signatureBookmark,
}: CountersignDocumentProps) {
  const viewer = useRef<PdfViewerHandle>(null);
  const narrow = useMediaQuery(NARROW_SCREEN_QUERY);
  const marks = savedSignature ? slots.filter((slot) => slot.kind === 'signature') : [];
  return (
    <section className="cs-document" aria-label="The agreement">
      {signatureBookmark ? (
        <button
          type="button"
          className="ps-button cs-document__jump"
          onClick={() => viewer.current?.scrollToBookmark(signatureBookmark)}
        >
          Go to the firm’s signature block
        </button>
      ) : null}
      <PdfViewer
        ref={viewer}
        url={docLink}
        title={`The agreement: ${agreementTitle}`}
        request={STAFF_PDF_REQUEST}
        readableText={narrow}
        pageOverlay={
          marks.length
            ? (page) =>
                marks
                  .filter((slot) => slot.page === page)
                  .map((slot) => (
                    <span
                      key={`${slot.page}-${slot.top}-${slot.left}`}
                      className="cs-document__mark"
                      aria-hidden="true"
                      style={{
                        left: `${slot.left * 100}%`,
                        top: `${slot.top * 100}%`,
                        width: `${slot.width * 100}%`,
                        height: `${slot.height * 100}%`,
                      }}
                    >
                      {savedSignature}
                    </span>
                  ))
            : undefined
        }
      />
    </section>
  );
}
