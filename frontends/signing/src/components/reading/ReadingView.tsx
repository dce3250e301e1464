import { useAgreementReading } from '@prosign/api-client';
import {
  SINGLE_SIGNER_RECIPIENT_ID,
  type AgreementReading,
  type ReadingBlock,
} from '@prosign/domain';
import {
  ErrorPanel,
  LoadingState,
  useSignerMessages,
  type PdfBookmark,
  type PdfViewerHandle,
} from '@prosign/ui';
import {
  useEffect,
  useImperativeHandle,
  useMemo,
  useRef,
  useState,
  type ChangeEvent,
  type Ref,
} from 'react';
import { isMarkOf, readingItems, sectionLabel, type ReadingItem } from './reading-items';
import { AGREEMENT_LANGUAGE, readingTexts, type ReadingTexts } from './reading-texts';
import './reading.css';

/** The signer's marks once saved, shown in their places (typed text). */
export interface ReadingMarks {
  signature: string | null;
  initials: string | null;
}

export interface ReadingViewProps {
  /** The agreement's reading view (`readingLink` of the signing view). */
  readingLink: string;
  /** The signer's pass headers: a document that needs the e-mail code opens only with its proof. */
  requestHeaders?: Record<string, string>;
  /** What the document is; names the scrollable region for screen readers. */
  title: string;
  ref?: Ref<PdfViewerHandle>;
  /** Called once the text is in, with the PDF's page count. */
  onLoaded?: (pageCount: number) => void;
  savedMarks?: ReadingMarks | null;
  /** Whose link this is: with several signers, only this signer's places are theirs to fill. */
  recipientId?: string | null;
}

/**
 * The agreement at a readable size (phones): the text its PDF is laid out
 * from, in the same sections and numbering, with each PDF page's start and
 * end and the places of the signature and initials marked; a jump list to
 * sections, pages and the signature. Scrolled by the signing steps as the
 * PDF viewer is (same handle).
 */
export function ReadingView({
  readingLink,
  requestHeaders,
  title,
  ref,
  onLoaded,
  savedMarks,
  recipientId = null,
}: ReadingViewProps) {
  const messages = useSignerMessages();
  const READING_TEXTS = useMemo(() => readingTexts(messages), [messages]);
  const query = useAgreementReading(readingLink, requestHeaders);
  const reading = query.data;
  const scrollerRef = useRef<HTMLDivElement>(null);
  const onLoadedRef = useRef(onLoaded);
  onLoadedRef.current = onLoaded;
  useEffect(() => {
    if (reading) onLoadedRef.current?.(reading.pageCount);
  }, [reading]);

  const [shownPage, setShownPage] = useState(1);
  const scrollToAnchor = (anchor: string) => {
    const target = scrollerRef.current?.querySelector<HTMLElement>(`[data-anchor="${anchor}"]`);
    // Scrolls the text and, where the view starts below the fold (a summary above it), the page.
    target?.scrollIntoView?.({ block: 'start', behavior: 'smooth' });
  };
  useImperativeHandle(
    ref,
    () => ({
      scrollToPage: (page) => scrollToAnchor(`page-${page}`),
      scrollToBookmark: (bookmark) => scrollToAnchor(anchorOf(reading, bookmark, recipientId)),
    }),
    [reading, recipientId],
  );

  const frame = useRef(0);
  const onScroll = () => {
    cancelAnimationFrame(frame.current);
    frame.current = requestAnimationFrame(() => {
      const scroller = scrollerRef.current;
      if (!scroller) return;
      const starts = scroller.querySelectorAll<HTMLElement>('[data-page-start]');
      let page = 1;
      starts.forEach((start) => {
        if (offsetIn(scroller, start) <= scroller.scrollTop + 40) {
          page = Number(start.dataset.pageStart);
        }
      });
      setShownPage(page);
    });
  };

  const items = useMemo(
    () => (reading ? readingItems(reading, recipientId) : []),
    [reading, recipientId],
  );

  if (query.isError) {
    return (
      <div className="sg-reading sg-reading--waiting">
        <ErrorPanel
          title={messages.format('reading.loadError')}
          message={messages.format('reading.loadErrorHint')}
          onRetry={() => void query.refetch()}
          retryLabel={messages.format('reading.retry')}
        />
      </div>
    );
  }
  if (!reading) {
    return (
      <div className="sg-reading sg-reading--waiting">
        <LoadingState label={messages.format('reading.loading')} />
      </div>
    );
  }
  const onJump = (event: ChangeEvent<HTMLSelectElement>) => {
    if (event.target.value) scrollToAnchor(event.target.value);
    event.target.value = '';
  };
  return (
    <div className="sg-reading">
      <div
        className="sg-reading__toolbar"
        role="toolbar"
        aria-label={messages.format('reading.toolbar')}
      >
        <span className="sg-reading__page-indicator" aria-live="polite">
          {READING_TEXTS.pageOf(shownPage, reading.pageCount)}
        </span>
        <select
          className="sg-reading__jump ps-input"
          aria-label={READING_TEXTS.jumpTo}
          defaultValue=""
          onChange={onJump}
        >
          <option value="" disabled>
            {messages.format('reading.jumpToChoose')}
          </option>
          <optgroup label={messages.format('reading.sections')}>
            {reading.sections
              .filter((section) => section.heading)
              .map((section) => (
                <option key={section.key} value={`section-${section.key}`}>
                  {messages.format('reading.sectionOption', {
                    section: sectionLabel(section),
                    page: section.page,
                  })}
                </option>
              ))}
          </optgroup>
          <optgroup label={messages.format('reading.pages')}>
            {Array.from({ length: reading.pageCount }, (_, index) => (
              <option key={index} value={`page-${index + 1}`}>
                {messages.format('reading.pageOption', { page: index + 1 })}
              </option>
            ))}
          </optgroup>
          <optgroup label={messages.format('reading.signing')}>
            <option value="signature">
              {messages.format('reading.signatureOption', { page: reading.signatureBlock.page })}
            </option>
          </optgroup>
        </select>
      </div>
      <div
        ref={scrollerRef}
        className="sg-reading__scroller"
        role="region"
        aria-label={title}
        tabIndex={0}
        onScroll={onScroll}
      >
        <article className="sg-reading__document" lang={AGREEMENT_LANGUAGE}>
          <header className="sg-reading__letterhead">
            <p className="sg-reading__firm">{reading.letterhead.firmName}</p>
            <h2 className="sg-reading__title">{reading.title}</h2>
            {reading.subtitle ? <p className="sg-reading__subtitle">{reading.subtitle}</p> : null}
          </header>
          {items.map((item) => (
            <ReadingItemView
              key={keyOf(item)}
              item={item}
              reading={reading}
              savedMarks={savedMarks ?? null}
              recipientId={recipientId}
              texts={READING_TEXTS}
            />
          ))}
        </article>
      </div>
    </div>
  );
}

/** How far below the top of the scroller's content an element is (whatever its offset parent). */
function offsetIn(scroller: HTMLElement, element: HTMLElement): number {
  const top = element.getBoundingClientRect().top - scroller.getBoundingClientRect().top;
  return top + scroller.scrollTop;
}

function keyOf(item: ReadingItem): string {
  switch (item.kind) {
    case 'page-start':
    case 'page-end':
      return `${item.kind}-${item.page}`;
    case 'heading':
      return `heading-${item.section.key}`;
    case 'block':
      return item.id;
    case 'signature-block':
      return 'signature-block';
  }
}

/** Where a bookmark of the PDF (page, height) is in the reading view. */
function anchorOf(
  reading: AgreementReading | undefined,
  bookmark: PdfBookmark,
  recipientId: string | null,
): string {
  const onPage = (kind: string) =>
    reading?.marks.some(
      (mark) => mark.kind === kind && mark.page === bookmark.page && isMarkOf(mark, recipientId),
    ) ?? false;
  // The initials sit at a page's foot (below 85 % of its height); the signature above that.
  if (onPage('signature') && (bookmark.yRatio ?? 0) < 0.85) return 'signature';
  if (onPage('initials')) return `initials-${bookmark.page}`;
  return `page-${bookmark.page}`;
}

function ReadingItemView({
  item,
  reading,
  savedMarks,
  recipientId,
  texts,
}: {
  item: ReadingItem;
  reading: AgreementReading;
  savedMarks: ReadingMarks | null;
  recipientId: string | null;
  texts: ReadingTexts;
}) {
  const READING_TEXTS = texts;
  const { language } = useSignerMessages();
  switch (item.kind) {
    case 'page-start':
      return (
        <p
          lang={language}
          className="sg-reading__page-start"
          data-anchor={`page-${item.page}`}
          data-page-start={item.page}
        >
          {READING_TEXTS.pageOf(item.page, reading.pageCount)}
        </p>
      );
    case 'heading':
      return (
        <h3 className="sg-reading__heading" data-anchor={`section-${item.section.key}`}>
          {sectionLabel(item.section)}
        </h3>
      );
    case 'block':
      return <BlockView block={item.block} />;
    case 'page-end':
      return item.initials ? (
        <div className="sg-reading__page-end" data-anchor={`initials-${item.page}`} lang={language}>
          <span
            className={`sg-reading__mark sg-reading__mark--initials${savedMarks?.initials ? ' sg-reading__mark--filled' : ''}`}
            data-mark="initials"
            aria-label={READING_TEXTS.initialsHere(item.page)}
          >
            {savedMarks?.initials ?? READING_TEXTS.initialsHere(item.page)}
          </span>
        </div>
      ) : null;
    case 'signature-block':
      return (
        <SignatureBlockView
          reading={reading}
          savedMarks={savedMarks}
          recipientId={recipientId}
          texts={texts}
        />
      );
  }
}

function BlockView({ block }: { block: ReadingBlock }) {
  if (block.type === 'paragraph') return <p className="sg-reading__paragraph">{block.text}</p>;
  const List = block.type === 'bullets' ? 'ul' : 'ol';
  return (
    <List className="sg-reading__list">
      {block.items.map((text, index) => (
        <li key={index}>{text}</li>
      ))}
    </List>
  );
}

function SignatureBlockView({
  reading,
  savedMarks,
  recipientId,
  texts: READING_TEXTS,
}: {
  reading: AgreementReading;
  savedMarks: ReadingMarks | null;
  recipientId: string | null;
  texts: ReadingTexts;
}) {
  const messages = useSignerMessages();
  const { firm, clientLabel, clientName, signers } = reading.signatureBlock;
  // One client, or one block per signer (several signers): only the viewer's is theirs to sign.
  const parties = signers?.length
    ? signers.map((signer) => ({ id: signer.recipientId, label: signer.label, name: signer.name }))
    : [{ id: SINGLE_SIGNER_RECIPIENT_ID, label: clientLabel, name: clientName }];
  const mine = recipientId ?? SINGLE_SIGNER_RECIPIENT_ID;
  return (
    <section
      className="sg-reading__signatures"
      data-anchor="signature"
      aria-label={messages.format('reading.signatures')}
    >
      <p className="sg-reading__witness">
        IN WITNESS WHEREOF, the parties have executed this Agreement.
      </p>
      <div className="sg-reading__party">
        <p className="sg-reading__party-label">Engineer</p>
        <p className="sg-reading__printed-signature">{firm.name}</p>
        <p>
          {firm.name}, {firm.title}, for {firm.firmName}
        </p>
      </div>
      {parties.map((party) =>
        party.id === mine ? (
          <div key={party.id} className="sg-reading__party">
            <p className="sg-reading__party-label">{party.label}</p>
            <p
              className={`sg-reading__mark sg-reading__mark--signature${savedMarks?.signature ? ' sg-reading__mark--filled' : ''}`}
              data-mark="signature"
              lang={messages.language}
              aria-label={READING_TEXTS.signatureHere}
            >
              {savedMarks?.signature ??
                (savedMarks ? READING_TEXTS.signatureSaved : READING_TEXTS.signatureHere)}
            </p>
            <p>Name: {party.name}</p>
            <p
              className="sg-reading__mark sg-reading__mark--date"
              data-mark="signedDate"
              lang={messages.language}
            >
              {READING_TEXTS.dateHere}
            </p>
          </div>
        ) : (
          <div key={party.id} className="sg-reading__party">
            <p className="sg-reading__party-label">{party.label}</p>
            <p className="sg-reading__other-signature" lang={messages.language}>
              {READING_TEXTS.signatureOf(party.name)}
            </p>
            <p>Name: {party.name}</p>
          </div>
        ),
      )}
    </section>
  );
}
