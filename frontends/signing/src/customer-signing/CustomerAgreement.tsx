import type { SealedCopy, SigningApi } from '@prosign/api-client';
import {
  HANDOVER_TEXTS,
  type HandoverRequest,
  type SignerMetrics,
  type SigningPageState,
  type VerifyTokenResponse,
} from '@prosign/domain';
import { ConfirmDialog, useSignerMessages, type PdfLoader } from '@prosign/ui';
import { EditModal } from '../components/modals/EditModal';
import { InitialsModal } from '../components/modals/InitialsModal';
import { SignatureModal } from '../components/modals/SignatureModal';
import { useSigningTexts } from '../components/modals/signing-texts';
import { SigningAgreement } from '../components/SigningAgreement';
import { SavedMarksOverlay } from './SavedMarksOverlay';
import { useCustomerSigningSteps } from './useCustomerSigningSteps';

export interface CustomerAgreementProps {
  token: string;
  link: VerifyTokenResponse;
  api: SigningApi;
  update: (change: Partial<VerifyTokenResponse> & { metrics?: SignerMetrics }) => void;
  onCompleted: () => void;
  /** The sealed copy once the agreement is signed by everyone (the session's). */
  sealedCopy: SealedCopy;
  /** The link was handed over from this page; the flow shows its closed state. */
  onHandedOver?: (state: SigningPageState) => void;
  /** Tests pass a fake PDF loader. */
  loadPdf?: PdfLoader;
}

/**
 * The agreement once the link is verified (spec 1 §2.4, §4.1): read it, sign
 * (typed), edit the saved signature, initial with consent, and finish.
 */
export function CustomerAgreement({
  link,
  loadPdf,
  sealedCopy,
  ...options
}: CustomerAgreementProps) {
  const steps = useCustomerSigningSteps({ link, ...options });
  const { api, token, update } = options;
  // The link closes as declined; the flow shows the declined state.
  const decline = async (reason: string) => {
    const declined = await api.decline(token, reason);
    update({
      linkState: declined.linkState,
      status: declined.status,
      closedAt: declined.declinedAt,
    });
  };
  // Handed over to the authorised signatory; the flow shows the link as handed over.
  const handOver = async (handover: HandoverRequest) => {
    const handed = await api.handOver(token, handover);
    options.onHandedOver?.({
      kind: 'handed-over',
      message: HANDOVER_TEXTS.done(handed.handedOverTo.name),
      done: true,
    });
  };
  const { step, setStep, busy, savedInitials } = steps;
  const messages = useSignerMessages();
  const texts = useSigningTexts();
  const { metrics } = link;
  const saved = metrics.isSignatureSaved;
  const signed = metrics.isSigned;
  // Until the finish stamps them, the saved marks are drawn where the layout keeps their places.
  const slots = link.bookmarks?.slots ?? [];
  const showMarks = saved && !signed && slots.length > 0;
  const marks = { signature: metrics.signature, initials: savedInitials, date: new Date() };
  return (
    <SigningAgreement
      viewer={steps.viewer}
      docLink={link.docLink}
      agreementTitle={link.agreementTitle}
      loadPdf={loadPdf}
      readingLink={link.readingLink}
      progress={link.progress}
      expiresAt={link.expiresAt}
      recipientId={link.recipientId}
      savedMarks={
        saved && !signed ? { signature: metrics.signature, initials: savedInitials || null } : null
      }
      pageOverlay={
        showMarks
          ? (page) => <SavedMarksOverlay page={page} slots={slots} marks={marks} />
          : undefined
      }
      afterDocument={
        showMarks ? (
          <p className="sg-agreement__hint" role="status">
            {messages.format('customer.marksShown')}
          </p>
        ) : null
      }
      signActions={
        !saved ? (
          <button
            type="button"
            className="ps-button ps-button--primary"
            onClick={steps.openSignature}
          >
            {texts.signAndAddInitials}
          </button>
        ) : !signed ? (
          <>
            <button type="button" className="ps-button" onClick={() => setStep('edit')}>
              {messages.format('customer.editSignature')}
            </button>
            <button
              type="button"
              className="ps-button"
              onClick={() => steps.setConfirmClear(true)}
              disabled={busy}
            >
              {messages.format('customer.clearSignature')}
            </button>
          </>
        ) : null
      }
      saved={saved}
      signed={signed}
      onAgreeAndFinish={steps.openInitials}
      finishHint={messages.format('customer.finishHint')}
      signedDocLink={sealedCopy.signedDocLink}
      signedCopyWait={sealedCopy.wait}
      finishing={step === 'finishing'}
      completed={step === 'completed'}
      onDecline={decline}
      onHandOver={handOver}
    >
      <SignatureModal
        open={step === 'signature'}
        fullName={steps.fullName}
        savedInitials={saved ? savedInitials : undefined}
        savedSignature={saved ? (metrics.signature ?? undefined) : undefined}
        busy={busy}
        onSave={(input) => void steps.saveSignature(input)}
        onClose={() => {
          setStep('reading');
          steps.setEditing(false);
        }}
      />
      <EditModal
        open={step === 'edit'}
        onEdit={() => {
          steps.setEditing(true);
          steps.openSignature();
        }}
        onClose={() => setStep('reading')}
      />
      <InitialsModal
        open={step === 'initials'}
        initials={savedInitials}
        busy={busy}
        onSave={(input) => void steps.saveInitialsAndFinish(input)}
        onClose={() => setStep('reading')}
      />
      <ConfirmDialog
        open={steps.confirmClear}
        title={messages.format('customer.clearTitle')}
        confirmLabel={messages.format('customer.clearSignature')}
        cancelLabel={texts.cancel}
        danger
        busy={busy}
        onConfirm={() => void steps.clearSignature()}
        onCancel={() => steps.setConfirmClear(false)}
      >
        <p>{messages.format('customer.clearMessage')}</p>
      </ConfirmDialog>
    </SigningAgreement>
  );
}
