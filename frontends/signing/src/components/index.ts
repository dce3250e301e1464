// Signer-facing building blocks shared by the customer, SOW and CO signing pages.
// The PDF viewer is shared by every app: PdfViewer from @prosign/ui.
export {
  SignatureModal,
  type SignatureInput,
  type SignatureMode,
  type SignatureModalProps,
} from './modals/SignatureModal';
export { EditModal, type EditModalProps } from './modals/EditModal';
export { InitialsModal, type InitialsModalProps } from './modals/InitialsModal';
export { CompletionModal, type CompletionModalProps } from './modals/CompletionModal';
export {
  ConsentDisclosureModal,
  type ConsentDisclosureModalProps,
} from './modals/ConsentDisclosureModal';
export { ProcessingOverlay, type ProcessingOverlayProps } from './ProcessingOverlay';
export { SIGNING_TEXTS } from './modals/signing-texts';
export { SigningLayout, type SigningLayoutProps } from './layout/SigningLayout';
export { LinkStatePanel, type LinkStatePanelProps } from './layout/LinkStatePanel';
