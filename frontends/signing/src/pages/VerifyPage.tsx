import { isApiError, useApiClient, verifyApi, verifyDocumentQueryKey } from '@prosign/api-client';
import {
  formatPacificDateTime,
  type VerifyCheckResponse,
  type VerifyDocumentView,
  type VerifyParty,
} from '@prosign/domain';
import { ErrorPanel, LoadingState, Spinner } from '@prosign/ui';
import { useMutation, useQuery } from '@tanstack/react-query';
import { useId, useState, type DragEvent } from 'react';
import { useParams } from 'react-router';
import { SigningLayout } from '../components/layout/SigningLayout';
import '../components/signing.css';
import { SealReportDetails } from './VerifySealReport';

export const VERIFY_TEXTS = {
  title: 'Verify a signed document',
  notFound: 'No signed document matches this verification link.',
  dropPrompt: 'Drop the PDF here, or choose it, to check that it is the sealed original.',
  choose: 'Choose a PDF',
  matches: 'This PDF matches the sealed original: it has not been altered.',
  doesNotMatch:
    'This PDF does not match the sealed original. It may have been altered, or it is a different document.',
  notSealed: 'This document is not signed yet, so there is no sealed original to compare with.',
  pdfOnly: 'Please choose a PDF file.',
  checkFailed: 'The file could not be checked. Please try again.',
  historyIntact: 'History intact: every event is chained to the one before it (SHA-256).',
  historyAltered: "This document's history was altered after it was written.",
  sealValid: 'Seal valid',
  sealValidDetail: 'Signed and sealed; its history is intact.',
  sealSealedDetail: 'Signed and sealed.',
  sealInvalid: 'Seal not valid',
  sealInvalidDetail: "The document's history was altered after it was signed.",
  sealBrokenDetail: 'The stored signed PDF no longer matches its seal.',
  sealPending: 'Not sealed yet',
  sealPendingDetail: 'The document is sealed when it is signed.',
} as const;

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

const SEAL_TEXTS: Record<Seal, { label: string; detail: string; icon: string }> = {
  valid: { label: VERIFY_TEXTS.sealValid, detail: VERIFY_TEXTS.sealValidDetail, icon: '✓' },
  invalid: { label: VERIFY_TEXTS.sealInvalid, detail: VERIFY_TEXTS.sealInvalidDetail, icon: '✕' },
  pending: { label: VERIFY_TEXTS.sealPending, detail: VERIFY_TEXTS.sealPendingDetail, icon: '…' },
};

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

const STATUS_LABELS: Record<string, string> = {
  'not signed': 'Sent, not signed yet',
  viewed: 'Viewed, not signed yet',
  signature_saved: 'Signature added, not finished yet',
  signed: 'Signed',
  signed_manually: 'Signed (on paper)',
  cancelled: 'Cancelled',
  void: 'Voided',
  expired: 'Expired',
};

/** A signer's line says whether and when they signed (the server's one rule); others say nothing. */
function signedLine(party: VerifyParty): string {
  if (party.signedAt === undefined) return '';
  return party.signedAt
    ? ` — signed ${formatPacificDateTime(party.signedAt)}`
    : ' — not signed yet';
}

function isPdf(file: File): boolean {
  return file.type === 'application/pdf' || file.name.toLowerCase().endsWith('.pdf');
}

/** What was signed: the title, the seal, the status, the parties and the hash. */
function DocumentSection({ doc, inputId }: { doc: VerifyDocumentView; inputId: string }) {
  return (
    <section className="ps-card" aria-labelledby={`${inputId}-doc`}>
      <h2 id={`${inputId}-doc`}>{doc.title}</h2>
      <SealBadge seal={sealOf(doc)} historyIntact={doc.historyIntact} broken={sealBroken(doc)} />
      <dl>
        <dt>Status</dt>
        <dd>{STATUS_LABELS[doc.status] ?? doc.status}</dd>
        {doc.signedAt ? (
          <>
            <dt>Signed on</dt>
            <dd>{formatPacificDateTime(doc.signedAt)}</dd>
          </>
        ) : null}
        {doc.parties.map((party, index) => (
          <div key={`${party.role}-${index}`} style={{ display: 'contents' }}>
            <dt>{party.role}</dt>
            <dd>
              {party.name ? `${party.name} (${party.email})` : party.email}
              {signedLine(party)}
            </dd>
          </div>
        ))}
        <dt>SHA-256</dt>
        <dd className="sg-verify__hash">{doc.sha256 ?? 'Not sealed yet'}</dd>
      </dl>
    </section>
  );
}

/**
 * What the stored sealed PDF carries: the authority's time, the level, the chains. Absent when the
 * server does not report it; before sealing, says when it will be.
 */
function SealSection({ doc, inputId }: { doc: VerifyDocumentView; inputId: string }) {
  if (doc.seal === undefined) return null;
  return (
    <section className="ps-card" aria-labelledby={`${inputId}-seal`} data-testid="seal-section">
      <h2 id={`${inputId}-seal`}>Seal</h2>
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
  return (
    <section className="ps-card" aria-labelledby={`${inputId}-events`}>
      <h2 id={`${inputId}-events`}>Signing events</h2>
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
              <time dateTime={event.at}>{formatPacificDateTime(event.at)}</time>: {event.event}
              {event.by ? ` — by ${event.by}` : null}
            </li>
          ))}
        </ol>
      ) : (
        <p>No events recorded yet.</p>
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
      <h2 id={`${inputId}-check`}>Check a copy</h2>
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
                <Spinner label="" size="small" /> Checking {checkedName}…
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
                  SHA-256 of {checkedName}: <span className="sg-verify__hash">{result.sha256}</span>
                </p>
                {result.seal ? (
                  <div className="vs-carried" data-testid="check-seal">
                    <h3 id={`${inputId}-carried`}>What this file carries</h3>
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
  const inputId = useId();

  const view = useQuery({
    queryKey: verifyDocumentQueryKey(verifyId),
    queryFn: () => verifyApi.document(client, verifyId),
    enabled: verifyId !== '',
  });

  if (view.isPending && verifyId) {
    return (
      <SigningLayout title={VERIFY_TEXTS.title}>
        <LoadingState label="Loading the document…" />
      </SigningLayout>
    );
  }
  if (!view.data) {
    const notFound = !verifyId || (isApiError(view.error) && view.error.statusCode === 404);
    return (
      <SigningLayout title={VERIFY_TEXTS.title}>
        <ErrorPanel
          title={notFound ? VERIFY_TEXTS.notFound : 'The document could not be loaded'}
          message={
            notFound
              ? 'Check that the link is complete, as it appears in the e-mail with the signed copy.'
              : 'Check your connection and try again.'
          }
          onRetry={notFound ? undefined : () => void view.refetch()}
          retryLabel="Try again"
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
