import { useAgreement } from '@prosign/api-client';
import { familyDefinition, type AgreementCardCore, type AgreementFamily } from '@prosign/domain';
import { Dialog, PdfViewer, STAFF_PDF_REQUEST } from '@prosign/ui';
import { previewDocument, type PreviewKind } from './agreement-format';
import './agreements.css';

export interface DocumentPreviewModalProps<TCard extends AgreementCardCore> {
  family: AgreementFamily;
  /** The card as listed; refreshed from the server (a void shows its new PDF). */
  card: TCard;
  onClose: () => void;
}

function documentTitle(family: AgreementFamily, kind: PreviewKind): string {
  const noun = familyDefinition(family).noun;
  if (kind === 'voided') return `Voided ${noun}`;
  if (kind === 'signed') return `Signed ${noun}`;
  return 'Agreement';
}

/**
 * An agreement's PDF (signed, voided or the one sent) drawn page by page on
 * canvas by the shared PDF viewer, so it shows on phones and in any browser,
 * with a download link.
 */
export function DocumentPreviewModal<TCard extends AgreementCardCore>({
  family,
  card: listed,
  onClose,
}: DocumentPreviewModalProps<TCard>) {
  const card = useAgreement(family, listed);
  const document = previewDocument(card);
  const title = documentTitle(family, document.kind);
  const name = card.summary.recipientName || card.summary.recipientEmail;
  return (
    <Dialog
      open
      title={`${title} — ${name}`}
      onClose={onClose}
      size="wide"
      describeBody={false}
      className="dash-preview"
      actions={
        <>
          <a
            className="ps-button"
            href={document.url}
            download={`${title} - ${name}.pdf`}
            target="_blank"
            rel="noreferrer"
          >
            Download PDF
          </a>
          <button type="button" className="ps-button ps-button--primary" onClick={onClose}>
            Close
          </button>
        </>
      }
    >
      <PdfViewer
        key={document.url}
        url={document.url}
        title={`${title} PDF`}
        // Staff's session opens documents that need a signer's e-mail code.
        request={STAFF_PDF_REQUEST}
      />
    </Dialog>
  );
}
