import {
  DEFAULT_REVIEWS_URL,
  isApiError,
  useRuntimeConfig,
  type SigningApi,
} from '@prosign/api-client';
import {
  initialsFromFullName,
  SIGNER_MESSAGES,
  type SignerMetrics,
  type VerifyTokenResponse,
} from '@prosign/domain';
import {
  ConfirmDialog,
  PdfViewer,
  useToast,
  type PdfLoader,
  type PdfViewerHandle,
} from '@prosign/ui';
import { useRef, useState } from 'react';
import { CompletionModal } from '../components/modals/CompletionModal';
import { ConsentDisclosureModal } from '../components/modals/ConsentDisclosureModal';
import { EditModal } from '../components/modals/EditModal';
import { InitialsModal } from '../components/modals/InitialsModal';
import { SignatureModal, type SignatureInput } from '../components/modals/SignatureModal';
import { SIGNING_TEXTS } from '../components/modals/signing-texts';
import { ProcessingOverlay } from '../components/ProcessingOverlay';
import '../components/signing.css';
import { initialsBookmark, signatureBookmark } from './bookmarks';
import { leaveTo } from './navigation';
import { SavedMarksOverlay } from './SavedMarksOverlay';

type Step = 'reading' | 'signature' | 'edit' | 'initials' | 'finishing' | 'completed';

export interface CustomerAgreementProps {
  token: string;
  link: VerifyTokenResponse;
  api: SigningApi;
  update: (change: Partial<VerifyTokenResponse> & { metrics?: SignerMetrics }) => void;
  onCompleted: () => void;
  /** Tests pass a fake PDF loader. */
  loadPdf?: PdfLoader;
}

function serverMessage(error: unknown): string | undefined {
  return isApiError(error) && error.statusCode < 500 ? error.message : undefined;
}

/**
 * The agreement once the link is verified (spec 1 §2.4, §4.1): read it, sign
 * (typed), edit the saved signature, initial with consent, and finish.
 */
export function CustomerAgreement({
  token,
  link,
  api,
  update,
  onCompleted,
  loadPdf,
}: CustomerAgreementProps) {
  const toast = useToast();
  const runtime = useRuntimeConfig();
  const viewer = useRef<PdfViewerHandle>(null);
  const [pageCount, setPageCount] = useState(1);
  const [step, setStep] = useState<Step>('reading');
  const [editing, setEditing] = useState(false);
  const [busy, setBusy] = useState(false);
  const [consentOpen, setConsentOpen] = useState(false);
  const [confirmClear, setConfirmClear] = useState(false);
  const { metrics, client } = link;
  const fullName = client.full_name;
  const savedInitials = metrics.initials ?? initialsFromFullName(fullName);

  const openSignature = () => {
    setStep('signature');
    viewer.current?.scrollToBookmark(link.bookmarks?.signature ?? signatureBookmark(pageCount));
  };

  const saveSignature = async (input: SignatureInput) => {
    setBusy(true);
    try {
      if (editing) {
        if (input.mode !== 'typed') throw new Error('Only typed signatures can be edited.');
        const answer = await api.editSignature({
          token,
          signatures: input.text,
          initials: input.initials,
        });
        update({
          metrics: answer.metrics ?? {
            ...metrics,
            signature: input.text,
            initials: input.initials,
          },
        });
        toast.success(answer.message || SIGNER_MESSAGES.editSaved);
      } else if (input.mode === 'typed') {
        const answer = await api.uploadSignature({
          token,
          textSignature: input.text,
          clientname: fullName,
          initials: input.initials,
        });
        update({ metrics: answer.metrics });
        toast.success(SIGNER_MESSAGES.signatureUploaded);
      } else {
        const answer = await api.uploadImage({ token, docLink: link.docLink, image: input.image });
        update({ metrics: answer.metrics });
        toast.success(SIGNER_MESSAGES.signatureUploaded);
      }
      setStep('reading');
      setEditing(false);
    } catch (error) {
      const fallback = editing
        ? SIGNER_MESSAGES.editFailed
        : input.mode === 'typed'
          ? SIGNER_MESSAGES.signatureUploadFailed
          : SIGNER_MESSAGES.imageUploadFailed;
      toast.error(serverMessage(error) ?? fallback, 6_000);
    } finally {
      setBusy(false);
    }
  };

  const openInitials = () => {
    setStep('initials');
    viewer.current?.scrollToBookmark(link.bookmarks?.initials ?? initialsBookmark());
  };

  const saveInitialsAndFinish = async (input: { initials: string; agreedToTerms: true }) => {
    setBusy(true);
    try {
      const answer = await api.uploadInitials({
        token,
        clientname: fullName,
        initials: input.initials,
        agreedToTerms: input.agreedToTerms,
      });
      update({ metrics: answer.metrics });
    } catch (error) {
      toast.error(serverMessage(error) ?? SIGNER_MESSAGES.initialsUploadFailed, 6_000);
      setBusy(false);
      return;
    }
    setStep('finishing');
    try {
      const finished = await api.finish(token);
      update({
        status: finished.status,
        signedDocLink: finished.signedDocLink,
        verifyId: finished.verifyId,
        metrics: { ...metrics, initials: input.initials, isSignatureSaved: true, isSigned: true },
      });
      onCompleted();
      setStep('completed');
    } catch {
      toast.error(SIGNER_MESSAGES.finishFailed, 6_000);
      setStep('reading');
    } finally {
      setBusy(false);
    }
  };

  /** Spec 1 §4.1.6: clearing the saved signature resets the saved flag, here and on the server. */
  const clearSignature = async () => {
    setBusy(true);
    try {
      const answer = await api.clearSignature(token);
      update({ metrics: answer.metrics });
      toast.success(answer.message || SIGNER_MESSAGES.signatureCleared);
    } catch (error) {
      toast.error(serverMessage(error) ?? SIGNER_MESSAGES.clearFailed, 6_000);
    } finally {
      setBusy(false);
      setConfirmClear(false);
    }
  };

  const leaveForReviews = () => {
    leaveTo(runtime.reviewsUrl ?? DEFAULT_REVIEWS_URL);
  };

  const signed = metrics.isSigned;
  // Until the finish stamps them, the saved marks are drawn where the layout keeps their places.
  const slots = link.bookmarks?.slots ?? [];
  const showMarks = metrics.isSignatureSaved && !signed && slots.length > 0;
  const marks = {
    signature: metrics.signature,
    initials: savedInitials,
    date: new Date(),
  };
  return (
    <div className="sg-agreement">
      <p className="sg-agreement__notice">{SIGNING_TEXTS.notice}</p>
      <PdfViewer
        ref={viewer}
        url={link.docLink}
        title={`The agreement: ${link.agreementTitle}`}
        onLoaded={setPageCount}
        loadPdf={loadPdf}
        pageOverlay={
          showMarks
            ? (page) => <SavedMarksOverlay page={page} slots={slots} marks={marks} />
            : undefined
        }
      />
      {showMarks ? (
        <p className="sg-agreement__hint" role="status">
          Your saved signature, the date and your initials are shown on the agreement where they
          will be placed when you finish.
        </p>
      ) : null}
      <p className="sg-agreement__consent">
        <button type="button" className="sg-link-button" onClick={() => setConsentOpen(true)}>
          {SIGNING_TEXTS.consent.title}
        </button>
      </p>
      <div className="sg-agreement__actions">
        {!metrics.isSignatureSaved ? (
          <button type="button" className="ps-button ps-button--primary" onClick={openSignature}>
            {SIGNING_TEXTS.signAndAddInitials}
          </button>
        ) : !signed ? (
          <>
            <button type="button" className="ps-button" onClick={() => setStep('edit')}>
              Edit signature
            </button>
            <button
              type="button"
              className="ps-button"
              onClick={() => setConfirmClear(true)}
              disabled={busy}
            >
              Clear signature
            </button>
          </>
        ) : null}
        <button
          type="button"
          className="ps-button ps-button--primary"
          onClick={openInitials}
          disabled={signed || !metrics.isSignatureSaved}
          aria-describedby={!metrics.isSignatureSaved ? 'sg-finish-hint' : undefined}
        >
          {SIGNING_TEXTS.agreeAndFinish}
        </button>
      </div>
      {!metrics.isSignatureSaved ? (
        <p id="sg-finish-hint" className="sg-agreement__hint">
          Add your signature and initials first; then you can agree and finish.
        </p>
      ) : null}
      {signed && link.signedDocLink ? (
        <p className="sg-agreement__hint">
          <a href={link.signedDocLink} target="_blank" rel="noreferrer">
            Download the signed copy (PDF)
          </a>
        </p>
      ) : null}

      <ConsentDisclosureModal open={consentOpen} onClose={() => setConsentOpen(false)} />
      <SignatureModal
        open={step === 'signature'}
        fullName={fullName}
        savedInitials={metrics.isSignatureSaved ? savedInitials : undefined}
        savedSignature={metrics.isSignatureSaved ? (metrics.signature ?? undefined) : undefined}
        busy={busy}
        onSave={(input) => void saveSignature(input)}
        onClose={() => {
          setStep('reading');
          setEditing(false);
        }}
      />
      <EditModal
        open={step === 'edit'}
        onEdit={() => {
          setEditing(true);
          openSignature();
        }}
        onClose={() => setStep('reading')}
      />
      <InitialsModal
        open={step === 'initials'}
        initials={savedInitials}
        busy={busy}
        onSave={(input) => void saveInitialsAndFinish(input)}
        onClose={() => setStep('reading')}
      />
      <ConfirmDialog
        open={confirmClear}
        title="Clear your signature?"
        confirmLabel="Clear signature"
        danger
        busy={busy}
        onConfirm={() => void clearSignature()}
        onCancel={() => setConfirmClear(false)}
      >
        <p>
          Your saved signature and initials are removed. You can sign again with Sign &amp; Add
          Initials.
        </p>
      </ConfirmDialog>
      <ProcessingOverlay open={step === 'finishing'} />
      <CompletionModal open={step === 'completed'} onClose={leaveForReviews} />
    </div>
  );
}
