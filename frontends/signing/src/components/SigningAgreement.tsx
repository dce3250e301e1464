import {
  DEFAULT_REVIEWS_URL,
  isApiError,
  useRuntimeConfig,
  type SealedCopyWait,
} from '@prosign/api-client';
import { formatPacificDateTime, type HandoverRequest } from '@prosign/domain';
import {
  CaptchaPassContext,
  PdfViewer,
  SignedCopyStatus,
  useMediaQuery,
  useSignerMessages,
  type PdfBookmark,
  type PdfLoader,
  type PdfViewerHandle,
} from '@prosign/ui';
import { useContext, useMemo, useRef, useState, type ComponentProps, type ReactNode } from 'react';
import { leaveTo } from '../customer-signing/navigation';
import { CompletionModal } from './modals/CompletionModal';
import { ConsentDisclosureModal } from './modals/ConsentDisclosureModal';
import { DeclineModal } from './modals/DeclineModal';
import { HandoverModal } from './modals/HandoverModal';
import { useSigningTexts } from './modals/signing-texts';
import { ProcessingOverlay } from './ProcessingOverlay';
import { ReadingView, type ReadingMarks } from './reading/ReadingView';
import './signing.css';

/** How long a signer's error toast stays. */
export const SIGNER_ERROR_TOAST_MS = 6_000;

/** The server's reason for a refusal (4xx); none for its own failures. */
export function serverMessage(error: unknown): string | undefined {
  return isApiError(error) && error.statusCode < 500 ? error.message : undefined;
}

/** Screens narrow enough that a page drawn at their width has text too small to read. */
const NARROW_SCREEN_QUERY = '(max-width: 700px)';

const VIEW_KEYS = { reading: 'signing.readingView', pdf: 'signing.pdfView' } as const;

/** The choice of the reading view or the PDF, when the agreement has a reading view. */
function ViewChoice(props: {
  view: keyof typeof VIEW_KEYS;
  onChoose: (view: keyof typeof VIEW_KEYS) => void;
}) {
  const { format } = useSignerMessages();
  return (
    <div className="sg-agreement__views" role="group" aria-label={format('signing.views')}>
      {(['reading', 'pdf'] as const).map((option) => (
        <button
          key={option}
          type="button"
          className={`ps-button${props.view === option ? ' ps-button--primary' : ''}`}
          aria-pressed={props.view === option}
          onClick={() => props.onChoose(option)}
        >
          {format(VIEW_KEYS[option])}
        </button>
      ))}
    </div>
  );
}

/** The agreement's viewer: scrolls to a bookmark, or to one placed by the page count. */
export function useAgreementViewer() {
  const viewer = useRef<PdfViewerHandle>(null);
  const [pageCount, setPageCount] = useState(1);
  const scrollTo = (
    bookmark: PdfBookmark | null | undefined,
    fallback: (pages: number) => PdfBookmark,
  ) => viewer.current?.scrollToBookmark(bookmark ?? fallback(pageCount));
  return { viewer, onLoaded: setPageCount, scrollTo };
}

export interface SigningAgreementProps {
  viewer: ReturnType<typeof useAgreementViewer>;
  docLink: string;
  agreementTitle: string;
  loadPdf?: PdfLoader;
  pageOverlay?: ComponentProps<typeof PdfViewer>['pageOverlay'];
  /** The overlay holds the signer's fields: each page is a group around them, not an image. */
  interactiveOverlay?: boolean;
  /** The agreement's reading view (phones read it by default), when the server has one. */
  readingLink?: string | null;
  /** Several signers: where the signatures stand ("1 of 2 signed — waiting for …"). */
  progress?: string | null;
  /** When the open link expires (ISO 8601): the page says it until the signer signed. */
  expiresAt?: string | null;
  /** Whose link this is: with several signers the reading view marks this signer's places. */
  recipientId?: string | null;
  /** The signer's saved marks, shown in their places in the reading view. */
  savedMarks?: ReadingMarks | null;
  /** Above the document (the SOW's and CO's key facts). */
  summary?: ReactNode;
  /** Under the document (where the saved marks are shown). */
  afterDocument?: ReactNode;
  /** The signing buttons before Agree and Finish. */
  signActions: ReactNode;
  saved: boolean;
  signed: boolean;
  onAgreeAndFinish: () => void;
  /**
   * Agree and Finish is offered before the signature is saved: the page itself says what is
   * left when it is pressed (a document's fields).
   */
  finishOpen?: boolean;
  /** Why Agree and Finish waits (shown until a signature is saved). */
  finishHint: ReactNode;
  /** Shown once the signature is saved, until signed. */
  savedHint?: ReactNode;
  signedDocLink?: string | null;
  /** Signed by everyone, until the sealed copy is there (useSealedCopy): said in its place. */
  signedCopyWait?: SealedCopyWait | null;
  /** The finish runs (the processing overlay) / ran (the completion notice). */
  finishing: boolean;
  completed: boolean;
  /**
   * Declines with the checked reason; rejects with the server's refusal. The
   * page then shows the declined state. Offered until the signer signed their part.
   */
  onDecline?: (reason: string) => Promise<void>;
  /**
   * Hands over to the authorised signatory; rejects with the server's refusal.
   * The page then shows that the link was handed over. Offered until the signer signed
   * their part; with a saved signature it says to clear it first.
   */
  onHandOver?: (handover: HandoverRequest) => Promise<void>;
  /** The page's own dialogs. */
  children?: ReactNode;
}

/**
 * What every signing page shows around its own steps (spec 1 §2.4, spec 3 §2):
 * the notice, the document, the consent disclosure, Agree and Finish with its
 * hint, the signed copy, the processing overlay and the completion notice that
 * leaves for the reviews page.
 */
export function SigningAgreement(props: SigningAgreementProps) {
  const { viewer, saved, signed } = props;
  const messages = useSignerMessages();
  const texts = useSigningTexts();
  const runtime = useRuntimeConfig();
  const [consentOpen, setConsentOpen] = useState(false);
  const narrow = useMediaQuery(NARROW_SCREEN_QUERY);
  const [chosenView, setChosenView] = useState<'reading' | 'pdf' | null>(null);
  const readingLink = props.readingLink ?? null;
  // Phones read the text; the PDF (the legal document) is one tap away, and the default elsewhere.
  const view = readingLink ? (chosenView ?? (narrow ? 'reading' : 'pdf')) : 'pdf';
  const title = messages.format('signing.regionTitle', { title: props.agreementTitle });
  // The signer's pass (and e-mail code proof) opens a document that needs the code.
  const passHeaders = useContext(CaptchaPassContext)?.headers;
  const request = useMemo(
    () => (passHeaders ? { headers: passHeaders } : undefined),
    [passHeaders],
  );
  const expiresOn = signed || props.completed ? '' : formatPacificDateTime(props.expiresAt);
  const expiry = expiresOn ? messages.format('signing.expiresOn', { date: expiresOn }) : null;
  const [declineOpen, setDeclineOpen] = useState(false);
  const canDecline = Boolean(props.onDecline) && !signed && !props.finishing && !props.completed;
  const [handoverOpen, setHandoverOpen] = useState(false);
  const canHandOver = Boolean(props.onHandOver) && !signed && !props.finishing && !props.completed;
  return (
    <div className="sg-agreement">
      <p className="sg-agreement__notice">{texts.notice}</p>
      {props.progress ? (
        <p className="sg-agreement__progress" role="status">
          {props.progress}
        </p>
      ) : null}
      {expiry ? <p className="sg-agreement__hint sg-agreement__expiry">{expiry}</p> : null}
      {props.summary}
      {readingLink ? <ViewChoice view={view} onChoose={setChosenView} /> : null}
      {view === 'reading' && readingLink ? (
        <ReadingView
          ref={viewer.viewer}
          readingLink={readingLink}
          requestHeaders={passHeaders}
          title={title}
          onLoaded={viewer.onLoaded}
          savedMarks={props.savedMarks}
          recipientId={props.recipientId ?? null}
        />
      ) : (
        <PdfViewer
          ref={viewer.viewer}
          url={props.docLink}
          title={title}
          onLoaded={viewer.onLoaded}
          loadPdf={props.loadPdf}
          request={request}
          pageOverlay={props.pageOverlay}
          interactiveOverlay={props.interactiveOverlay}
          // No reading view (another documents engine): zoom the PDF to readable text.
          readableText={narrow && !readingLink}
        />
      )}
      {props.afterDocument}
      <p className="sg-agreement__consent">
        <button type="button" className="sg-link-button" onClick={() => setConsentOpen(true)}>
          {texts.consent.title}
        </button>
      </p>
      <div className="sg-agreement__actions">
        {props.signActions}
        <button
          type="button"
          className="ps-button ps-button--primary"
          onClick={props.onAgreeAndFinish}
          disabled={signed || (!saved && !props.finishOpen)}
          aria-describedby={!saved ? 'sg-finish-hint' : undefined}
        >
          {texts.agreeAndFinish}
        </button>
      </div>
      {!saved ? (
        <p id="sg-finish-hint" className="sg-agreement__hint">
          {props.finishHint}
        </p>
      ) : !signed && props.savedHint ? (
        <p className="sg-agreement__hint" role="status">
          {props.savedHint}
        </p>
      ) : null}
      {signed && props.signedDocLink ? (
        <p className="sg-agreement__hint">
          <a href={props.signedDocLink} target="_blank" rel="noreferrer">
            {messages.format('signing.downloadSignedCopy')}
          </a>
        </p>
      ) : signed && props.signedCopyWait ? (
        <SignedCopyStatus wait={props.signedCopyWait} className="sg-agreement__hint" />
      ) : null}
      {canHandOver ? (
        <p className="sg-agreement__decline">
          {messages.format('handover.offer')}{' '}
          <button type="button" className="sg-link-button" onClick={() => setHandoverOpen(true)}>
            {messages.format('handover.action')}
          </button>
        </p>
      ) : null}
      {canDecline ? (
        <p className="sg-agreement__decline">
          {messages.format('decline.offer')}{' '}
          <button type="button" className="sg-link-button" onClick={() => setDeclineOpen(true)}>
            {messages.format('decline.action')}
          </button>
        </p>
      ) : null}

      <ConsentDisclosureModal open={consentOpen} onClose={() => setConsentOpen(false)} />
      {props.onDecline ? (
        <DeclineModal
          open={declineOpen && canDecline}
          onDecline={props.onDecline}
          onClose={() => setDeclineOpen(false)}
        />
      ) : null}
      {props.onHandOver ? (
        <HandoverModal
          open={handoverOpen && canHandOver}
          onHandOver={props.onHandOver}
          onClose={() => setHandoverOpen(false)}
          blocked={saved ? messages.format('handover.signatureSaved') : undefined}
        />
      ) : null}
      {props.children}
      <ProcessingOverlay open={props.finishing} />
      <CompletionModal
        open={props.completed}
        progress={props.progress}
        onClose={() => leaveTo(runtime.reviewsUrl ?? DEFAULT_REVIEWS_URL)}
      />
    </div>
  );
}
