import type { SealedCopy } from '@prosign/api-client';
import {
  familyDefinition,
  SIGNER_MESSAGES,
  type CountersignView,
  type FinishSigningResponse,
} from '@prosign/domain';
import { ErrorPanel, LoadingState, PageHeader } from '@prosign/ui';
import { useState, type ReactNode } from 'react';
import { useParams } from 'react-router';
import { ConsentSection } from './components/ConsentSection';
import { CountersignDocument } from './components/CountersignDocument';
import {
  COUNTERSIGN_OUTCOME_TEXTS,
  CountersignDone,
  CountersignOutcome,
  closedMessage,
} from './components/CountersignOutcome';
import { FinishingOverlay } from './components/FinishingOverlay';
import { SignatureField } from './components/SignatureField';
import { isNotFound, refusalOf, useCountersignAgreement } from './hooks/useCountersignAgreement';
import './countersign.css';

const COUNTERSIGN_PAGE_TEXTS = {
  loading: 'Opening the agreement…',
  failed: 'Could not open the agreement.',
  agreeAndFinish: 'Agree and Finish',
  saveFirst: 'Save your signature first.',
  finishFailed: SIGNER_MESSAGES.finishFailed,
} as const;

/** /countersign/:agreementId: the firm's countersignature in the staff app. */
export function CountersignPage() {
  const { agreementId = '' } = useParams();
  const { view, save, clear, finish, sealedCopy } = useCountersignAgreement(agreementId);
  const T = COUNTERSIGN_PAGE_TEXTS;

  if (view.isPending)
    return <Frame title="Countersign" body={<LoadingState label={T.loading} />} />;
  if (view.isError) {
    return (
      <Frame
        title="Countersign"
        body={
          isNotFound(view.error) ? (
            <CountersignOutcome title={COUNTERSIGN_OUTCOME_TEXTS.notYours}>
              <p>{COUNTERSIGN_OUTCOME_TEXTS.notYoursDetail}</p>
            </CountersignOutcome>
          ) : (
            <ErrorPanel
              title={T.failed}
              message={refusalOf(view.error) ?? 'Check your connection and try again.'}
              headingLevel={2}
              onRetry={() => void view.refetch()}
            />
          )
        }
      />
    );
  }
  const agreement = view.data;
  const family = familyDefinition(agreement.family).label;
  const title = agreement.agreementTitle;
  if (finish.isSuccess) {
    return (
      <Frame
        title={title}
        family={family}
        body={<Finished result={finish.data} sealedCopy={sealedCopy} />}
      />
    );
  }
  if (agreement.linkState === 'signed') {
    return (
      <Frame
        title={title}
        family={family}
        body={
          <CountersignDone
            signedDocLink={sealedCopy.signedDocLink}
            progress={agreement.progress}
            wait={sealedCopy.wait}
          />
        }
      />
    );
  }
  const closed = closedMessage(agreement.linkState);
  if (closed) {
    return <Frame title={title} family={family} body={<CountersignOutcome title={closed} />} />;
  }
  return (
    <Frame
      title={title}
      family={family}
      body={<SigningSteps agreement={agreement} save={save} clear={clear} finish={finish} />}
    />
  );
}

function Finished({
  result,
  sealedCopy,
}: {
  result: FinishSigningResponse;
  sealedCopy: SealedCopy;
}) {
  return (
    <CountersignDone
      signedDocLink={sealedCopy.signedDocLink}
      progress={result.progress}
      wait={sealedCopy.wait}
    />
  );
}

function Frame({ title, family, body }: { title: string; family?: string; body: ReactNode }) {
  return (
    <div className="ps-page cs-page">
      <PageHeader
        title={title}
        description={family ? `${family} · the firm’s countersignature` : undefined}
      />
      {body}
    </div>
  );
}

type Steps = ReturnType<typeof useCountersignAgreement>;

/** The document, the firm's signature, the consent and Agree and Finish. */
function SigningSteps({
  agreement,
  save,
  clear,
  finish,
}: Pick<Steps, 'save' | 'clear' | 'finish'> & { agreement: CountersignView }) {
  const [agreed, setAgreed] = useState(false);
  const [problem, setProblem] = useState<'signature' | 'consent' | null>(null);
  const T = COUNTERSIGN_PAGE_TEXTS;
  const { metrics } = agreement;
  const saved = metrics.isSignatureSaved ? (metrics.signature ?? '') : null;
  const notYourTurn = agreement.turn === 'waiting';
  const saveError = refusalOf(save.error) ?? refusalOf(clear.error);
  const finishError = finish.isError ? (refusalOf(finish.error) ?? T.finishFailed) : null;

  const agreeAndFinish = () => {
    if (saved === null) return setProblem('signature');
    if (!agreed) return setProblem('consent');
    setProblem(null);
    finish.mutate();
  };

  return (
    <>
      {agreement.progress ? (
        <p className="cs-progress" role="status">
          {agreement.progress}
        </p>
      ) : null}
      {notYourTurn ? (
        <CountersignOutcome title={COUNTERSIGN_OUTCOME_TEXTS.notYourTurn}>
          <p>{COUNTERSIGN_OUTCOME_TEXTS.notYourTurnDetail}</p>
        </CountersignOutcome>
      ) : null}
      <CountersignDocument
        docLink={agreement.docLink}
        agreementTitle={agreement.agreementTitle}
        slots={agreement.bookmarks?.slots ?? []}
        savedSignature={saved}
        signatureBookmark={agreement.bookmarks?.signature ?? null}
      />
      {notYourTurn ? null : (
        <>
          <SignatureField
            suggested={agreement.client.full_name}
            saved={saved}
            busy={save.isPending || clear.isPending}
            error={
              problem === 'signature' && saved === null ? T.saveFirst : (saveError ?? undefined)
            }
            onSave={(signature) => {
              clear.reset();
              save.mutate(signature);
            }}
            onClear={() => {
              save.reset();
              clear.mutate();
            }}
          />
          <ConsentSection
            agreed={agreed}
            onChange={(next) => {
              setAgreed(next);
              if (next && problem === 'consent') setProblem(null);
            }}
            error={problem === 'consent' ? SIGNER_MESSAGES.consentRequired : undefined}
          />
          {finishError ? (
            <p className="cs-finish-error ps-card" role="alert">
              {finishError}
            </p>
          ) : null}
          <div className="cs-actions cs-actions--finish">
            <button
              type="button"
              className="ps-button ps-button--primary"
              onClick={agreeAndFinish}
              disabled={finish.isPending}
            >
              {T.agreeAndFinish}
            </button>
          </div>
        </>
      )}
      <FinishingOverlay open={finish.isPending} />
    </>
  );
}
