import {
  useSigningLinkFinish,
  useSigningLinkTextSignature,
  type LinkSigningFamily,
  type LinkSigningView,
  type SealedCopy,
} from '@prosign/api-client';
import { signatureFontSizePx, type SigningPageState } from '@prosign/domain';
import { useSignerMessages, useToast, type PdfLoader } from '@prosign/ui';
import { useState } from 'react';
import { InitialsModal } from '../components/modals/InitialsModal';
import { SignatureModal, type SignatureInput } from '../components/modals/SignatureModal';
import { useLinkSigningTexts } from '../components/modals/signing-texts';
import {
  serverMessage,
  SIGNER_ERROR_TOAST_MS,
  SigningAgreement,
  useAgreementViewer,
} from '../components/SigningAgreement';
import { signatureBookmark } from '../customer-signing/bookmarks';
import { LinkSummary, signerNameOf } from './LinkSummary';
import { useLinkExitActions } from './useLinkExitActions';

type Step = 'reading' | 'signature' | 'finish' | 'finishing' | 'completed';

export interface LinkAgreementProps {
  family: LinkSigningFamily;
  customId: string;
  /** The family's view, as `increase-viewed-times` answered it. */
  view: LinkSigningView;
  captchaHeaders: Record<string, string>;
  /** The sealed copy once the agreement is signed by everyone (the flow's). */
  sealedCopy: SealedCopy;
  onCompleted: () => void;
  /** The link was handed over from this page; the flow shows its closed state. */
  onHandedOver?: (state: SigningPageState) => void;
  /** Tests pass a fake PDF loader. */
  loadPdf?: PdfLoader;
}

/**
 * The Scope of Work or change order once opened (spec 3 §2, §4): its key
 * facts, the document the server renders, a typed signature (Save:
 * signature_saved), then Agree and Finish with the consent (signed), the
 * completion notice, and the reviews page on close.
 */
export function LinkAgreement({
  family,
  customId,
  view,
  captchaHeaders,
  sealedCopy,
  onCompleted,
  onHandedOver,
  loadPdf,
}: LinkAgreementProps) {
  const T = useLinkSigningTexts(family);
  const toast = useToast();
  const { format } = useSignerMessages();
  const viewer = useAgreementViewer();
  const [step, setStep] = useState<Step>('reading');
  // Once finished: where the signatures stand then (null when this signature sealed it).
  const [finishedProgress, setFinishedProgress] = useState<string | null | undefined>(undefined);
  const progress = finishedProgress === undefined ? view.progress : finishedProgress;
  const saveSignature = useSigningLinkTextSignature(family, customId, captchaHeaders);
  const finish = useSigningLinkFinish(family, customId, captchaHeaders);
  const { onDecline, onHandOver } = useLinkExitActions(
    family,
    customId,
    captchaHeaders,
    onHandedOver,
  );
  const { metrics } = view;
  const saved = metrics.isSignatureSaved;
  const signed = metrics.isSigned;

  const openSignature = () => {
    setStep('signature');
    viewer.scrollTo(view.bookmarks?.signature, signatureBookmark);
  };

  const onSaveSignature = (input: SignatureInput) => {
    if (input.mode !== 'typed') return;
    saveSignature.mutate(input.text, {
      onSuccess: () => {
        toast.success(format('toast.signatureUploaded'));
        setStep('reading');
      },
      onError: (error) =>
        toast.error(
          serverMessage(error) ?? format('toast.signatureUploadFailed'),
          SIGNER_ERROR_TOAST_MS,
        ),
    });
  };

  const onAgreeAndFinish = () => {
    if (finish.isPending) return;
    setStep('finishing');
    finish.mutate(undefined, {
      onSuccess: (finished) => {
        setFinishedProgress(finished.progress ?? null);
        onCompleted();
        setStep('completed');
      },
      onError: (error) => {
        toast.error(serverMessage(error) ?? format('toast.finishFailed'), SIGNER_ERROR_TOAST_MS);
        setStep('reading');
      },
    });
  };

  return (
    <SigningAgreement
      viewer={viewer}
      docLink={view.docLink}
      agreementTitle={view.agreementTitle}
      loadPdf={loadPdf}
      readingLink={view.readingLink}
      // Several signers: where the signatures stand, and this signer's own blocks.
      progress={progress}
      expiresAt={view.expiresAt}
      recipientId={view.recipientId}
      savedMarks={saved && !signed ? { signature: metrics.signature, initials: null } : null}
      summary={<LinkSummary family={family} view={view} />}
      signActions={
        !signed ? (
          <button
            type="button"
            className={`ps-button${saved ? '' : ' ps-button--primary'}`}
            onClick={openSignature}
          >
            {saved ? T.changeSignature : T.sign}
          </button>
        ) : null
      }
      saved={saved}
      signed={signed}
      onAgreeAndFinish={() => setStep('finish')}
      finishHint={T.finishHint}
      savedHint={T.signatureSaved}
      signedDocLink={sealedCopy.signedDocLink}
      signedCopyWait={sealedCopy.wait}
      finishing={step === 'finishing'}
      completed={step === 'completed'}
      onDecline={onDecline}
      onHandOver={onHandOver}
    >
      <SignatureModal
        open={step === 'signature'}
        fullName={signerNameOf(family, view)}
        savedSignature={saved ? (metrics.signature ?? undefined) : undefined}
        askInitials={false}
        // Spec 3 §9: the typed signature is drawn at 35 px in the script font.
        previewFontSizePx={signatureFontSizePx(family)}
        busy={saveSignature.isPending}
        onSave={onSaveSignature}
        onClose={() => setStep('reading')}
      />
      <InitialsModal
        open={step === 'finish'}
        initials=""
        askInitials={false}
        texts={T.finish}
        busy={finish.isPending}
        onSave={onAgreeAndFinish}
        onClose={() => setStep('reading')}
      />
    </SigningAgreement>
  );
}
