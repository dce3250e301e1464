import {
  DndContext,
  KeyboardSensor,
  PointerSensor,
  rectIntersection,
  useSensor,
  useSensors,
  type Announcements,
  type DragEndEvent,
} from '@dnd-kit/core';
import {
  canRedo,
  canUndo,
  initialPlacementState,
  placementReducer,
  type DocumentDraft,
  type FieldPlacement,
  type PlacementAction,
  type PlacementRecipient,
} from '@prosign/domain';
import { PdfViewer, STAFF_PDF_REQUEST, useMediaQuery, type PdfViewerHandle } from '@prosign/ui';
import { useCallback, useEffect, useId, useMemo, useReducer, useRef, useState } from 'react';
import { fieldFromDrop } from './drop-field';
import { moveToPageAction } from './field-screen';
import { FIELD_KIND_LABELS } from './field-kinds';
import { FieldPalette } from './FieldPalette';
import { FieldPanel } from './FieldPanel';
import { PageFieldLayer } from './PageFieldLayer';
import { paletteKeyboardCoordinates } from './palette-keyboard';
import { placementIssues } from './placement-issues';
import { ProblemList } from './ProblemList';
import { RecipientEditor } from './RecipientEditor';
import { BuilderNotes } from './BuilderNotes';
import { DraftSaveStatus } from './DraftSaveStatus';
import { coreIdRenames, renamed } from './recipient-ids';
import { recipientLabel } from './recipients';
import { BuilderToolbar } from './BuilderToolbar';
import { builderKeyHandler } from './useBuilderKeys';
import { useDraftAutosave } from './useDraftAutosave';
import { SendColumn } from '../send/SendColumn';
import { SentConfirmation } from '../send/SentConfirmation';
import { useSendStage } from '../send/useSendStage';
import { SaveTemplateButton } from '../templates/SaveTemplateButton';

/** Narrower than this, placing fields by hand is not offered: the builder only shows them. */
const BUILDER_NARROW_QUERY = '(max-width: 767px)';

interface FieldBuilderProps {
  /** The saved work it starts from; each change is saved to it (useDraftAutosave.ts). */
  draft: DocumentDraft;
  /** Where the viewer reads the PDF from: the stored, cleaned copy (the staff session opens it). */
  pdfUrl: string;
  onStartOver: () => void;
  /** Reads the draft again, as another tab saved it. */
  onReload: () => void;
}

const paletteKindOf = (data: Record<string, unknown> | undefined) =>
  FIELD_KIND_LABELS[data?.kind as keyof typeof FIELD_KIND_LABELS] ?? 'Field';

/** What dnd-kit says while a palette field is carried by keyboard (its own words name ids). */
const DRAG_ANNOUNCEMENTS: Announcements = {
  onDragStart: ({ active }) => `Picked up the ${paletteKindOf(active.data.current)} field.`,
  onDragOver: ({ over }) =>
    over ? `Over page ${String(over.data.current?.page)}.` : 'Not over a page.',
  onDragMove: () => undefined,
  onDragEnd: ({ over }) =>
    over ? `Dropped on page ${String(over.data.current?.page)}.` : 'Not placed.',
  onDragCancel: () => 'Not placed.',
};

/**
 * The signers as entered, each under the core's id for their place (recipient-ids.ts), who new
 * fields are placed for, and a removal that unassigns the removed one's fields.
 */
function useBuilderRecipients(
  saved: readonly PlacementRecipient[],
  placement: FieldPlacement,
  dispatch: (action: PlacementAction) => void,
) {
  const [recipients, setShown] = useState<PlacementRecipient[]>([...saved]);
  const [placingFor, setPlacingFor] = useState<string | null>(saved[0]?.id ?? null);
  const setRecipients = useCallback(
    (next: PlacementRecipient[]) => {
      const ids = coreIdRenames(next);
      if (Object.keys(ids).length > 0) dispatch({ type: 'renameRecipients', ids });
      setShown(renamed(next, ids));
      setPlacingFor((current) => (current === null ? null : (ids[current] ?? current)));
    },
    [dispatch],
  );
  // A draft saved under other ids (before they followed the order) is renamed, then saved.
  useEffect(() => setRecipients([...saved]), [saved, setRecipients]);
  const removeRecipient = (id: string) => {
    for (const field of placement.fields.filter((candidate) => candidate.recipientId === id)) {
      dispatch({ type: 'assign', id: field.id, recipientId: null });
    }
    const rest = recipients.filter((recipient) => recipient.id !== id);
    if (placingFor === id) setPlacingFor(rest[0]?.id ?? null);
    setRecipients(rest);
  };
  return { recipients, setRecipients, placingFor, setPlacingFor, removeRecipient };
}

/** Focuses a placed field once the page shows it. */
const focusField = (id: string) =>
  requestAnimationFrame(() => document.getElementById(`placed-${id}`)?.focus());

/** A drag let go over another page moves the field there, says so and keeps it focused. */
const pageMover =
  (
    placement: FieldPlacement,
    dispatch: (action: PlacementAction) => void,
    announce: (message: string) => void,
  ) =>
  (id: string, page: number, share: { x: number; y: number }) => {
    const move = moveToPageAction(placement, id, page, share);
    if (!move) return;
    dispatch(move);
    announce(`Moved to page ${page}.`);
    focusField(id);
  };

function useBuilderSensors() {
  return useSensors(
    useSensor(PointerSensor, { activationConstraint: { distance: 4 } }),
    useSensor(KeyboardSensor, { coordinateGetter: paletteKeyboardCoordinates }),
  );
}

function useAnnouncer() {
  const [message, setMessage] = useState('');
  // The same words twice are still read out: the region's text changes (a trailing space).
  const announce = useCallback((next: string) => {
    setMessage((previous) => (previous === next ? `${next}\u00a0` : next));
  }, []);
  return { message, announce };
}

/**
 * The field builder (staff, desktop): the PDF's pages with the fields on them, a palette dragged
 * onto a page, the signers each field is for, the selected field's settings, undo and redo, and
 * what stops the send. On a narrow window it only shows the fields.
 */
export function FieldBuilder({ draft, pdfUrl, onStartOver, onReload }: FieldBuilderProps) {
  const readOnly = useMediaQuery(BUILDER_NARROW_QUERY);
  const [state, dispatch] = useReducer(placementReducer, draft.placement, initialPlacementState);
  const placement = state.present;
  const { recipients, setRecipients, placingFor, setPlacingFor, removeRecipient } =
    useBuilderRecipients(draft.signers, placement, dispatch);
  const [selectedId, setSelectedId] = useState<string | null>(null);
  const { message, announce } = useAnnouncer();
  const send = useSendStage();
  const viewer = useRef<PdfViewerHandle>(null);
  const hintId = useId();
  const sensors = useBuilderSensors();
  const autosave = useDraftAutosave({
    draftId: draft.id,
    revision: draft.revision,
    placement,
    signers: recipients,
  });
  const issues = useMemo(() => placementIssues(placement, recipients), [placement, recipients]);
  const selected = placement.fields.find((field) => field.id === selectedId) ?? null;

  const onDragEnd = (event: DragEndEvent) => {
    const field = fieldFromDrop(event, placement, placingFor);
    if (!field) return;
    dispatch({ type: 'add', field });
    setSelectedId(field.id);
    // The new field takes the focus, so the arrows and the settings act on it next.
    focusField(field.id);
    const who = recipients.findIndex((recipient) => recipient.id === field.recipientId);
    announce(
      `${FIELD_KIND_LABELS[field.kind]} field placed on page ${field.page}` +
        (who >= 0 ? ` for ${recipientLabel(recipients[who], who)}.` : '.'),
    );
  };

  const showField = (id: string) => {
    const field = placement.fields.find((candidate) => candidate.id === id);
    if (!field) return;
    setSelectedId(id);
    viewer.current?.scrollToPage(field.page);
    focusField(id);
  };
  const moveToPage = pageMover(placement, dispatch, announce);
  const pageOverlay = (pageNumber: number) => {
    const page = placement.pages[pageNumber - 1];
    if (!page) return null;
    return (
      <PageFieldLayer
        pageNumber={pageNumber}
        page={page}
        fields={placement.fields.filter((field) => field.page === pageNumber)}
        recipients={recipients}
        selectedId={selectedId}
        readOnly={readOnly}
        hintId={hintId}
        dispatch={dispatch}
        onSelect={setSelectedId}
        announce={announce}
        onMoveToPage={moveToPage}
      />
    );
  };

  const keyHandler = builderKeyHandler(dispatch, announce, {
    undo: canUndo(state),
    redo: canRedo(state),
  });
  if (send.sent) {
    return <SentConfirmation {...send.sent} recipients={recipients} onAnother={onStartOver} />;
  }

  return (
    <div
      className={`ps-doc-builder${readOnly ? ' ps-doc-builder--read-only' : ''}`}
      onKeyDown={readOnly ? undefined : keyHandler}
    >
      <BuilderToolbar
        fileName={draft.fileName}
        readOnly={readOnly}
        canUndo={canUndo(state)}
        canRedo={canRedo(state)}
        onUndo={() => dispatch({ type: 'undo' })}
        onRedo={() => dispatch({ type: 'redo' })}
        onStartOver={onStartOver}
        extra={<SaveTemplateButton draft={draft} builder={{ recipients, placement, autosave }} />}
      />
      <DraftSaveStatus autosave={autosave} onReload={onReload} />
      <BuilderNotes readOnly={readOnly} hintId={hintId} message={message} />
      <DndContext
        sensors={sensors}
        collisionDetection={rectIntersection}
        onDragEnd={onDragEnd}
        accessibility={{ announcements: DRAG_ANNOUNCEMENTS, restoreFocus: false }}
      >
        <div className="ps-doc-builder__columns">
          <aside className="ps-doc-builder__side" aria-label="Signers and fields">
            <RecipientEditor
              recipients={recipients}
              onChange={setRecipients}
              onRemove={removeRecipient}
              readOnly={readOnly}
              send={send}
              proposeCountersigner={draft.revision === 1}
            />
            {readOnly ? null : (
              <FieldPalette
                recipients={recipients}
                placingFor={placingFor}
                onPlacingFor={setPlacingFor}
              />
            )}
          </aside>
          <div className="ps-doc-builder__pages">
            <PdfViewer
              ref={viewer}
              url={pdfUrl}
              request={STAFF_PDF_REQUEST}
              title={`${draft.fileName}, with its fields`}
              pageOverlay={pageOverlay}
              interactiveOverlay
            />
          </div>
          <aside
            className="ps-doc-builder__side"
            aria-label={send.stage === 'send' ? 'Send' : 'Field settings and problems'}
          >
            <SendColumn
              send={send}
              draft={draft}
              recipients={recipients}
              issues={issues}
              flushDraft={autosave.flush}
              readOnly={readOnly}
            >
              <FieldPanel
                field={selected}
                recipients={recipients}
                pageCount={placement.pages.length}
                fieldCount={placement.fields.length}
                readOnly={readOnly}
                dispatch={dispatch}
                announce={announce}
              />
            </SendColumn>
            <ProblemList issues={issues} onShowField={showField} />
          </aside>
        </div>
      </DndContext>
    </div>
  );
}
