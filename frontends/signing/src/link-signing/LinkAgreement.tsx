import {
  DEFAULT_REVIEWS_URL,
  isApiError,
  useRuntimeConfig,
  useSigningLinkFinish,
  useSigningLinkTextSignature,
  type LinkSigningFamily,
  type LinkSigningView,
} from '@prosign/api-client';
import { SIGNER_MESSAGES, signatureFontSizePx } from '@prosign/domain';
import { PdfViewer, useToast, type PdfLoader, type PdfViewerHandle } from '@prosign/ui';
import { useRef, useState } from 'react';
import { CompletionModal } from '../components/modals/CompletionModal';
import { ConsentDisclosureModal } from '../components/modals/ConsentDisclosureModal';
import { InitialsModal } from '../components/modals/InitialsModal';
import { SignatureModal, type SignatureInput } from '../components/modals/SignatureModal';
import { SIGNING_TEXTS } from '../components/modals/signing-texts';
import { ProcessingOverlay } from '../components/ProcessingOverlay';
import '../components/signing.css';
import { signatureBookmark } from '../customer-signing/bookmarks';
import { leaveTo } from '../customer-signing/navigation';
import { LinkSummary, signerNameOf } from './LinkSummary';

type Step = 'reading' | 'signature' | 'finish' | 'finishing' | 'completed';

export interface LinkAgreementProps {
  family: LinkSigningFamily;
  customId: string;
  /** The family's view, as `increase-viewed-times` answered it. */
  view: LinkSigningView;
  captchaHeaders: Record<string, string>;
  onCompleted: () => void;
  /** Tests pass a fake PDF loader. */
  loadPdf?: PdfLoader;
}

function serverMessage(error: unknown): string | undefined {
  return isApiError(error) && error.statusCode < 500 ? error.message : undefined;
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
  onCompleted,
  loadPdf,
}: LinkAgreementProps) {
  const T = SIGNING_TEXTS[family];
  const toast = useToast();
  const runtime = useRuntimeConfig();
  const viewer = useRef<PdfViewerHandle>(null);
  const [pageCount, setPageCount] = useState(1);
  const [step, setStep] = useState<Step>('reading');
  const [consentOpen, setConsentOpen] = useState(false);
  const saveSignature = useSigningLinkTextSignature(family, customId, captchaHeaders);
  const finish = useSigningLinkFinish(family, customId, captchaHeaders);
  const { metrics } = view;
  const saved = metrics.isSignatureSaved;
  const signed = metrics.isSigned;
  const signerName = signerNameOf(family, view);
  /** Spec 3 §9: the typed signature is drawn at 35 px in the script font. */
  const signatureSizePx = signatureFontSizePx(family);

  const openSignature = () => {
    setStep('signature');
    viewer.current?.scrollToBookmark(view.bookmarks?.signature ?? signatureBookmark(pageCount));
  };

  const onSaveSignature = (input: SignatureInput) => {
    if (input.mode !== 'typed') return;
    saveSignature.mutate(input.text, {
      onSuccess: () => {
        toast.success(SIGNER_MESSAGES.signatureUploaded);
        setStep('reading');
      },
      onError: (error) =>
        toast.error(serverMessage(error) ?? SIGNER_MESSAGES.signatureUploadFailed, 6_000),
    });
  };

  const onAgreeAndFinish = () => {
    if (finish.isPending) return;
    setStep('finishing');
    finish.mutate(undefined, {
      onSuccess: () => {
        onCompleted();
        setStep('completed');
      },
      onError: (error) => {
        toast.error(serverMessage(error) ?? SIGNER_MESSAGES.finishFailed, 6_000);
        setStep('reading');
      },
    });
  };

  return (
    <div className="sg-agreement">
      <p className="sg-agreement__notice">{SIGNING_TEXTS.notice}</p>
      <LinkSummary family={family} view={view} />
      <PdfViewer
        ref={viewer}
        url={view.docLink}
        title={`The agreement: ${view.agreementTitle}`}
        onLoaded={setPageCount}
        loadPdf={loadPdf}
      />
      <p className="sg-agreement__consent">
        <button type="button" className="sg-link-button" onClick={() => setConsentOpen(true)}>
          {SIGNING_TEXTS.consent.title}
        </button>
      </p>
      <div className="sg-agreement__actions">
        {!signed ? (
          <button
            type="button"
            className={`ps-button${saved ? '' : ' ps-button--primary'}`}
            onClick={openSignature}
          >
            {saved ? T.changeSignature : T.sign}
          </button>
        ) : null}
        <button
          type="button"
          className="ps-button ps-button--primary"
          onClick={() => setStep('finish')}
          disabled={signed || !saved}
          aria-describedby={!saved ? 'sg-finish-hint' : undefined}
        >
          {SIGNING_TEXTS.agreeAndFinish}
        </button>
      </div>
      {!saved ? (
        <p id="sg-finish-hint" className="sg-agreement__hint">
          {T.finishHint}
        </p>
      ) : !signed ? (
        <p className="sg-agreement__hint" role="status">
          {T.signatureSaved}
        </p>
      ) : null}
      {signed && view.signedDocLink ? (
        <p className="sg-agreement__hint">
          <a href={view.signedDocLink} target="_blank" rel="noreferrer">
            Download the signed copy (PDF)
          </a>
        </p>
      ) : null}

      <ConsentDisclosureModal open={consentOpen} onClose={() => setConsentOpen(false)} />
      <SignatureModal
        open={step === 'signature'}
        fullName={signerName}
        savedSignature={saved ? (metrics.signature ?? undefined) : undefined}
        askInitials={false}
        previewFontSizePx={signatureSizePx}
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
      <ProcessingOverlay open={step === 'finishing'} />
      <CompletionModal
        open={step === 'completed'}
        onClose={() => leaveTo(runtime.reviewsUrl ?? DEFAULT_REVIEWS_URL)}
      />
    </div>
  );
}
