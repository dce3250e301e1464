import { isApiError, useApiClient, verifyApi, verifyDocumentQueryKey } from '@prosign/api-client';
import {
  formatPacificDateTime,
  type VerifyCheckResponse,
  type VerifyDocumentView,
} from '@prosign/domain';
import { ErrorPanel, LoadingState, Spinner } from '@prosign/ui';
import { useMutation, useQuery } from '@tanstack/react-query';
import { useId, useState, type DragEvent } from 'react';
import { useParams } from 'react-router';
import { SigningLayout } from '../components/layout/SigningLayout';
import '../components/signing.css';
import { useVerifyTexts, type VerifyTexts } from './verify-texts';
import { SealReportDetails } from './VerifySealReport';

type Seal = 'valid' | 'invalid' | 'pending';

/** The seal's state from what the server says: sealed and intact, altered, or not sealed yet. */
function sealOf(doc: Pick<VerifyDocumentView, 'sha256' | 'historyIntact' | 'seal'>): Seal {
  if (doc.historyIntact === false || sealBroken(doc)) return 'invalid';
  return doc.sha256 ? 'valid' : 'pending';
}

/** The stored sealed PDF carries a seal that no longer holds. */
function sealBroken(doc: Pick<VerifyDocumentView, 'seal'>): boolean {
  return Boolean(doc.seal?.found && !doc.seal.intact);
}

function sealTexts(t: VerifyTexts): Record<Seal, { label: string; detail: string; icon: string }> {
  return {
    valid: { label: t.sealValid, detail: t.sealValidDetail, icon: '✓' },
    invalid: { label: t.sealInvalid, detail: t.sealInvalidDetail, icon: '✕' },
    pending: { label: t.sealPending, detail: t.sealPendingDetail, icon: '…' },
  };
}

/** A large badge saying at a glance whether the document's seal holds. */
function SealBadge({
  seal,
  historyIntact,
  broken,
}: {
  seal: Seal;
  historyIntact?: boolean;
  broken?: boolean;
}) {
  const VERIFY_TEXTS = useVerifyTexts();
  const SEAL_TEXTS = sealTexts(VERIFY_TEXTS);
  const text =
    seal === 'valid' && historyIntact !== true
      ? { ...SEAL_TEXTS.valid, detail: VERIFY_TEXTS.sealSealedDetail }
      : seal === 'invalid' && broken && historyIntact !== false
        ? { ...SEAL_TEXTS.invalid, detail: VERIFY_TEXTS.sealBrokenDetail }
        : SEAL_TEXTS[seal];
  return (
    <div className={`sg-seal sg-seal--${seal}`} data-testid="seal-badge" data-seal={seal}>
      <span className="sg-seal__icon" aria-hidden="true">
        {text.icon}
      </span>
      <span className="sg-seal__text">
        <strong>{text.label}</strong>
        <span>{text.detail}</span>
      </span>
    </div>
  );
}

function isPdf(file: File): boolean {
  return file.type === 'application/pdf' || file.name.toLowerCase().endsWith('.pdf');
}

/** What was signed: the title, the seal, the status, the parties and the hash. */
function DocumentSection({ doc, inputId }: { doc: VerifyDocumentView; inputId: string }) {
  const t = useVerifyTexts();
  return (
    <section className="ps-card" aria-labelledby={`${inputId}-doc`}>
      <h2 id={`${inputId}-doc`}>{doc.title}</h2>
      <SealBadge seal={sealOf(doc)} historyIntact={doc.historyIntact} broken={sealBroken(doc)} />
      <dl>
        <dt>{t.status}</dt>
        <dd>{t.statusValue(doc.status)}</dd>
        {doc.signedAt ? (
          <>
            <dt>{t.signedOn}</dt>
            <dd>{formatPacificDateTime(doc.signedAt)}</dd>
          </>
        ) : null}
        {doc.parties.map((party, index) => (
          <div key={`${party.role}-${index}`} style={{ display: 'contents' }}>
            <dt>{t.role(party.role)}</dt>
            <dd>{t.party(party)}</dd>
          </div>
        ))}
        <dt>{t.sha256}</dt>
        <dd className="sg-verify__hash">{doc.sha256 ?? t.sealPending}</dd>
      </dl>
    </section>
  );
}

/**
 * What the stored sealed PDF carries: the authority's time, the level, the chains. Absent when the
 * server does not report it; before sealing, says when it will be.
 */
function SealSection({ doc, inputId }: { doc: VerifyDocumentView; inputId: string }) {
  const VERIFY_TEXTS = useVerifyTexts();
  if (doc.seal === undefined) return null;
  return (
    <section className="ps-card" aria-labelledby={`${inputId}-seal`} data-testid="seal-section">
      <h2 id={`${inputId}-seal`}>{VERIFY_TEXTS.seal}</h2>
      {doc.seal ? (
        <SealReportDetails report={doc.seal} idPrefix={`${inputId}-seal`} />
      ) : (
        <p>{VERIFY_TEXTS.sealPendingDetail}</p>
      )}
    </section>
  );
}

/** The signing events, and whether their chain holds. */
function EventsSection({ doc, inputId }: { doc: VerifyDocumentView; inputId: string }) {
  const VERIFY_TEXTS = useVerifyTexts();
  return (
    <section className="ps-card" aria-labelledby={`${inputId}-events`}>
      <h2 id={`${inputId}-events`}>{VERIFY_TEXTS.events}</h2>
      {/* Strictly false: a server that does not say yet is no evidence of tampering. */}
      {doc.historyIntact === false ? (
        <p className="sg-verify__result sg-verify__result--mismatch sg-verify__history-altered">
          {VERIFY_TEXTS.historyAltered}
        </p>
      ) : null}
      {doc.events.length ? (
        <ol className="sg-verify__events">
          {doc.events.map((event, index) => (
            <li key={index}>
              <time dateTime={event.at}>{formatPacificDateTime(event.at)}</time>
              {VERIFY_TEXTS.event(event.event, event.by)}
            </li>
          ))}
        </ol>
      ) : (
        <p>{VERIFY_TEXTS.noEvents}</p>
      )}
      {doc.historyIntact === true ? (
        <p className="sg-verify__history">{VERIFY_TEXTS.historyIntact}</p>
      ) : null}
    </section>
  );
}

/** Check a copy: a PDF dropped or chosen is hashed by the server and compared with the seal. */
function CheckCopySection({
  doc,
  inputId,
  verifyId,
}: {
  doc: VerifyDocumentView;
  inputId: string;
  verifyId: string;
}) {
  const client = useApiClient();
  const VERIFY_TEXTS = useVerifyTexts();
  const [dragOver, setDragOver] = useState(false);
  const [fileError, setFileError] = useState('');
  const [checkedName, setCheckedName] = useState('');
  const check = useMutation<VerifyCheckResponse, unknown, File>({
    mutationFn: (file) => verifyApi.check(client, verifyId, file, file.name),
  });

  const onFile = (file: File | undefined) => {
    check.reset();
    if (!file) return;
    if (!isPdf(file)) {
      setFileError(VERIFY_TEXTS.pdfOnly);
      return;
    }
    setFileError('');
    setCheckedName(file.name);
    check.mutate(file);
  };

  const onDrop = (event: DragEvent<HTMLDivElement>) => {
    event.preventDefault();
    setDragOver(false);
    onFile(event.dataTransfer.files?.[0]);
  };

  const result = check.data;
  return (
    <section className="ps-card" aria-labelledby={`${inputId}-check`}>
      <h2 id={`${inputId}-check`}>{VERIFY_TEXTS.checkCopy}</h2>
      {doc.sha256 ? (
        <>
          <div
            className={`sg-dropzone${dragOver ? ' sg-dropzone--over' : ''}`}
            onDragOver={(event) => {
              event.preventDefault();
              setDragOver(true);
            }}
            onDragLeave={() => setDragOver(false)}
            onDrop={onDrop}
            data-testid="verify-dropzone"
          >
            <p>{VERIFY_TEXTS.dropPrompt}</p>
            {/* The input stays in the page for keyboards and screen readers; its label is the button. */}
            <input
              id={inputId}
              className="sg-file-input"
              type="file"
              accept="application/pdf,.pdf"
              onChange={(event) => {
                onFile(event.target.files?.[0]);
                event.target.value = '';
              }}
            />
            <label htmlFor={inputId} className="ps-button ps-button--primary sg-file-button">
              {VERIFY_TEXTS.choose}
            </label>
            {checkedName ? <p className="sg-file-name">{checkedName}</p> : null}
          </div>
          <div aria-live="polite">
            {fileError ? (
              <p className="sg-verify__result sg-verify__result--mismatch" role="alert">
                {fileError}
              </p>
            ) : null}
            {check.isPending ? (
              <p className="ps-inline-status">
                <Spinner label="" size="small" /> {VERIFY_TEXTS.checking(checkedName)}
              </p>
            ) : null}
            {check.isError ? (
              <p className="sg-verify__result sg-verify__result--mismatch" role="alert">
                {VERIFY_TEXTS.checkFailed}
              </p>
            ) : null}
            {result ? (
              <div>
                <p
                  className={`sg-verify__result sg-verify__result--${result.matches ? 'match' : 'mismatch'}`}
                  role="status"
                >
                  <span className="sg-verify__result-icon" aria-hidden="true">
                    {result.matches ? '✓' : '✕'}
                  </span>
                  {result.matches ? VERIFY_TEXTS.matches : VERIFY_TEXTS.doesNotMatch}
                </p>
                <p>
                  {VERIFY_TEXTS.sha256Of(checkedName)}{' '}
                  <span className="sg-verify__hash">{result.sha256}</span>
                </p>
                {result.seal ? (
                  <div className="vs-carried" data-testid="check-seal">
                    <h3 id={`${inputId}-carried`}>{VERIFY_TEXTS.carries}</h3>
                    <SealReportDetails
                      report={result.seal}
                      idPrefix={`${inputId}-carried`}
                      headingLevel={4}
                    />
                  </div>
                ) : null}
              </div>
            ) : null}
          </div>
        </>
      ) : (
        <p>{VERIFY_TEXTS.notSealed}</p>
      )}
    </section>
  );
}

/** /verify/:token — anyone can see what was signed, by whom and when, and check a copy's seal. */
export function VerifyPage() {
  const { token: verifyId = '' } = useParams();
  const client = useApiClient();
  const VERIFY_TEXTS = useVerifyTexts();
  const inputId = useId();

  const view = useQuery({
    queryKey: verifyDocumentQueryKey(verifyId),
    queryFn: () => verifyApi.document(client, verifyId),
    enabled: verifyId !== '',
  });

  if (view.isPending && verifyId) {
    return (
      <SigningLayout title={VERIFY_TEXTS.title}>
        <LoadingState label={VERIFY_TEXTS.loading} />
      </SigningLayout>
    );
  }
  if (!view.data) {
    const notFound = !verifyId || (isApiError(view.error) && view.error.statusCode === 404);
    return (
      <SigningLayout title={VERIFY_TEXTS.title}>
        <ErrorPanel
          title={notFound ? VERIFY_TEXTS.notFound : VERIFY_TEXTS.loadFailed}
          message={notFound ? VERIFY_TEXTS.notFoundHint : VERIFY_TEXTS.checkConnection}
          onRetry={notFound ? undefined : () => void view.refetch()}
          retryLabel={VERIFY_TEXTS.retry}
        />
      </SigningLayout>
    );
  }

  const doc = view.data;
  return (
    <SigningLayout title={VERIFY_TEXTS.title}>
      <div className="sg-verify">
        <DocumentSection doc={doc} inputId={inputId} />
        <SealSection doc={doc} inputId={inputId} />
        <EventsSection doc={doc} inputId={inputId} />
        <CheckCopySection doc={doc} inputId={inputId} verifyId={verifyId} />
      </div>
    </SigningLayout>
  );
}
