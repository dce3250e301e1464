import { useContractByToken } from '@prosign/api-client';
import type { ContractCardView } from '@prosign/domain';
import { Dialog } from '@prosign/ui';
import { previewDocument } from '../card-format';

export interface DocumentPreviewModalProps {
  /** The card as listed; refreshed from the server (a void shows its new PDF). */
  card: ContractCardView;
  onClose: () => void;
}

/** The contract's PDF (signed, voided or the agreement) in a frame, with a download link. */
export function DocumentPreviewModal({ card: listed, onClose }: DocumentPreviewModalProps) {
  const fresh = useContractByToken(listed.token);
  const card = fresh.data ?? listed;
  const document = previewDocument(card);
  const fileName = `${document.title} - ${card.full_name}.pdf`;
  return (
    <Dialog
      open
      title={`${document.title} — ${card.full_name}`}
      onClose={onClose}
      size="wide"
      describeBody={false}
      className="dash-preview"
      actions={
        <>
          <a
            className="ps-button"
            href={document.url}
            download={fileName}
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
      <iframe className="dash-preview__frame" src={document.url} title={`${document.title} PDF`} />
    </Dialog>
  );
}
