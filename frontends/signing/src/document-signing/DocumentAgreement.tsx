import { type LinkSigningFamily, type LinkSigningView, type SealedCopy } from '@prosign/api-client';
import {
  missingRequired,
  requiredProgress,
  signatureFontSizePx,
  type DocumentSigningView,
  type FieldValue,
  type SigningPageState,
} from '@prosign/domain';
import { ErrorPanel, LoadingState, useMediaQuery, useSignerMessages } from '@prosign/ui';
import { useCallback, useState } from 'react';
import { InitialsModal } from '../components/modals/InitialsModal';
import { SignatureModal } from '../components/modals/SignatureModal';
import { useLinkSigningTexts } from '../components/modals/signing-texts';
import {
  serverMessage,
  SigningAgreement,
  useAgreementViewer,
} from '../components/SigningAgreement';
import { openingLabel } from '../link-signing/families';
import { useLinkExitActions } from '../link-signing/useLinkExitActions';
import {
  useDocumentSigningApi,
  useDocumentSigningView,
  type AttachmentUploader,
} from './document-signing-api';
import { DocumentPageFields } from './DocumentPageFields';
import { FieldGuide } from './FieldGuide';
import { fieldProblem } from './DocumentPageFields';
import { nextFieldId } from './signing-fields';
import { useAttachments } from './useAttachments';
import { useDocumentLayout } from './useDocumentLayout';
import { useDocumentFinish } from './useDocumentFinish';
import { useFieldFocus } from './useFieldFocus';
import { useSignatureAdoption } from './useSignatureAdoption';
import { useFieldValues } from './useFieldValues';
import './document-signing.css';

/** Phones: the page zooms to each field as the signer moves to it (SigningAgreement's too). */
const NARROW_SCREEN_QUERY = '(max-width: 700px)';

type Step = 'filling' | 'signature' | 'finish' | 'finishing' | 'completed';

interface DocumentAgreementProps {
  family: LinkSigningFamily;
  customId: string;
  /** The link's view, as `increase-viewed-times` answered it. */
  view: LinkSigningView;
  captchaHeaders: Record<string, string>;
  sealedCopy: SealedCopy;
  onCompleted: () => void;
  onHandedOver?: (state: SigningPageState) => void;
  /** Tests pass an uploader in place of XMLHttpRequest. */
  uploadAttachment?: AttachmentUploader;
}

/**
 * The document step of the "document" family's link (any uploaded PDF): its pages with the
 * recipient's fields over them, filled in place, then the consent and finish every link
 * family has (SigningAgreement).
 */
export function DocumentAgreement(props: DocumentAgreementProps) {
  const api = useDocumentSigningApi(
    props.family,
    props.customId,
    props.captchaHeaders,
    props.uploadAttachment,
  );
  const fieldsQuery = useDocumentSigningView(api, props.family, props.customId);
  const { format } = useSignerMessages();
  if (fieldsQuery.isPending) return <LoadingState label={openingLabel(props.family)} />;
  if (fieldsQuery.isError) {
    return (
      <ErrorPanel
        title={format('flow.documentFailed')}
        message={format('error.checkConnection')}
        detail={serverMessage(fieldsQuery.error)}
        onRetry={() => void fieldsQuery.refetch()}
        retryLabel={format('error.tryAgain')}
      />
    );
  }
  return (
    <DocumentSigning
      {...props}
      documentView={fieldsQuery.data}
      pdfAddress={api.pdfAddress(fieldsQuery.data)}
      saveValues={api.saveValues}
      upload={api.uploadAttachment}
    />
  );
}

interface DocumentSigningProps extends DocumentAgreementProps {
  documentView: DocumentSigningView;
  pdfAddress: string;
  saveValues: (values: Record<string, FieldValue>) => Promise<unknown>;
  upload: AttachmentUploader;
}

/** Why entries were not saved: the server's refusal, else that they are kept on this page. */
function useFailureMessage() {
  const { format } = useSignerMessages();
  return useCallback(
    (error: unknown) => serverMessage(error) ?? format('flow.entriesKept'),
    [format],
  );
}

function DocumentSigning(props: DocumentSigningProps) {
  const { family, customId, view, documentView, captchaHeaders } = props;
  const T = useLinkSigningTexts(family);
  const viewer = useAgreementViewer();
  const narrow = useMediaQuery(NARROW_SCREEN_QUERY);
  const [step, setStep] = useState<Step>('filling');
  const [finishedProgress, setFinishedProgress] = useState<string | null | undefined>(undefined);
  const progressOfSigners = finishedProgress === undefined ? view.progress : finishedProgress;
  const exits = useLinkExitActions(family, customId, captchaHeaders, props.onHandedOver);
  const { metrics } = view;
  const adopted = metrics.isSignatureSaved;
  const signed = metrics.isSigned;
  const { recipientId, fields } = documentView;

  const { values, setValue, markSigned, status, flush } = useFieldValues(
    documentView,
    adopted,
    props.saveValues,
    useFailureMessage(),
  );

  const { byId, fieldsByPage, own, recipientName, others, signingDate } = useDocumentLayout(
    documentView,
    view.client.full_name,
  );
  const { attachments, attach } = useAttachments(
    documentView.attachments,
    byId,
    props.upload,
    setValue,
    serverMessage,
  );
  const { currentId, setCurrentId, registerControl, focusControl, goTo } = useFieldFocus(
    byId,
    documentView.pages,
    narrow,
    viewer.viewer,
  );

  const missing = missingRequired(fields, values, recipientId);
  const next = nextFieldId(fields, values, recipientId, currentId);

  const goToNext = () => next && goTo(next);

  const adoption = useSignatureAdoption({
    family,
    customId,
    captchaHeaders,
    adopted,
    values,
    markSigned,
    openSignature: () => setStep('signature'),
    closeSignature: () => setStep('filling'),
    focusControl,
  });

  const finishing = useDocumentFinish({
    family,
    customId,
    captchaHeaders,
    missing,
    flush,
    goTo,
    onReady: () => setStep('finish'),
    onFinishing: () => setStep('finishing'),
    onFinished: (progress) => {
      setFinishedProgress(progress);
      props.onCompleted();
      setStep('completed');
    },
    onRefused: () => setStep('filling'),
  });

  const current = currentId ? byId.get(currentId) : undefined;
  const pageOverlay = (pageNumber: number) => (
    <DocumentPageFields
      page={documentView.pages[pageNumber - 1]}
      fields={fieldsByPage.get(pageNumber)}
      recipientId={recipientId}
      others={others}
      values={values}
      attachments={attachments}
      currentId={currentId}
      signature={metrics.signature}
      signingDate={signingDate}
      recipientName={recipientName}
      registerControl={registerControl}
      onFocusField={setCurrentId}
      onChange={setValue}
      onSign={adoption.sign}
      onAttach={attach}
      onNext={goToNext}
    />
  );

  return (
    <SigningAgreement
      viewer={viewer}
      docLink={props.pdfAddress}
      agreementTitle={documentView.title || view.agreementTitle}
      pageOverlay={pageOverlay}
      interactiveOverlay
      progress={progressOfSigners}
      expiresAt={view.expiresAt}
      recipientId={recipientId}
      summary={
        <FieldGuide
          empty={own.length === 0}
          progress={requiredProgress(fields, values, recipientId)}
          hasNext={next !== null}
          onNext={goToNext}
          saveStatus={status}
          onRetrySave={() => void flush()}
          currentProblem={current ? fieldProblem(current, values, attachments) : null}
          missing={finishing.missing}
          finishRefusal={finishing.refusal}
          onGoTo={goTo}
        />
      }
      signActions={
        !signed && adopted ? (
          <button type="button" className="ps-button" onClick={() => setStep('signature')}>
            {T.changeSignature}
          </button>
        ) : null
      }
      saved={adopted}
      signed={signed}
      finishOpen
      onAgreeAndFinish={() => void finishing.agreeAndFinish()}
      finishHint="Fill in your fields and adopt your signature; Agree and Finish says what is left."
      savedHint={T.signatureSaved}
      signedDocLink={props.sealedCopy.signedDocLink}
      signedCopyWait={props.sealedCopy.wait}
      finishing={step === 'finishing'}
      completed={step === 'completed'}
      onDecline={exits.onDecline}
      onHandOver={exits.onHandOver}
    >
      <SigningDialogs
        family={family}
        step={step}
        recipientName={recipientName}
        savedSignature={adopted ? metrics.signature : null}
        adoption={adoption}
        finishing={finishing}
        onClose={() => setStep('filling')}
      />
    </SigningAgreement>
  );
}

interface SigningDialogsProps {
  family: LinkSigningFamily;
  step: Step;
  recipientName: string;
  savedSignature: string | null;
  adoption: ReturnType<typeof useSignatureAdoption>;
  finishing: ReturnType<typeof useDocumentFinish>;
  onClose: () => void;
}

/** The signature to adopt, and the consent of Agree and Finish: the link families' own dialogs. */
function SigningDialogs(props: SigningDialogsProps) {
  const T = useLinkSigningTexts(props.family);
  return (
    <>
      <SignatureModal
        open={props.step === 'signature'}
        fullName={props.recipientName}
        savedSignature={props.savedSignature ?? undefined}
        askInitials={false}
        previewFontSizePx={signatureFontSizePx(props.family)}
        busy={props.adoption.busy}
        onSave={props.adoption.saveSignature}
        onClose={props.onClose}
      />
      <InitialsModal
        open={props.step === 'finish'}
        initials=""
        askInitials={false}
        texts={T.finish}
        busy={props.finishing.busy}
        onSave={props.finishing.confirm}
        onClose={props.onClose}
      />
    </>
  );
}
