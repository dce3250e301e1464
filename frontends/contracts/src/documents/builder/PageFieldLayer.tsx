import { useDroppable } from '@dnd-kit/core';
import type { Field, PlacementAction, PlacementPage, PlacementRecipient } from '@prosign/domain';
import { FieldBox } from './FieldBox';
import { recipientColour, recipientLabel } from './recipients';

/** The colour of a field nobody fills yet. */
const UNASSIGNED_COLOUR = '#b91c1c';

interface PageFieldLayerProps {
  pageNumber: number;
  page: PlacementPage;
  fields: readonly Field[];
  recipients: readonly PlacementRecipient[];
  selectedId: string | null;
  readOnly: boolean;
  hintId: string;
  dispatch: (action: PlacementAction) => void;
  onSelect: (id: string | null) => void;
  announce: (message: string) => void;
  onMoveToPage: (id: string, page: number, share: { x: number; y: number }) => void;
}

/** The drop target over one page and the fields placed on it. */
export function PageFieldLayer(props: PageFieldLayerProps) {
  const { pageNumber, recipients } = props;
  const { setNodeRef, isOver } = useDroppable({
    id: `page-${pageNumber}`,
    data: { page: pageNumber },
    disabled: props.readOnly,
  });
  return (
    <div
      ref={setNodeRef}
      className={`ps-doc-layer${isOver ? ' ps-doc-layer--over' : ''}`}
      data-page-layer={pageNumber}
      onPointerDown={(event) => {
        if (event.target === event.currentTarget) props.onSelect(null);
      }}
    >
      {props.fields.map((field) => {
        const index = recipients.findIndex((recipient) => recipient.id === field.recipientId);
        return (
          <FieldBox
            key={field.id}
            field={field}
            page={props.page}
            recipientName={index >= 0 ? recipientLabel(recipients[index], index) : null}
            colour={index >= 0 ? recipientColour(index) : UNASSIGNED_COLOUR}
            selected={props.selectedId === field.id}
            readOnly={props.readOnly}
            hintId={props.hintId}
            dispatch={props.dispatch}
            onSelect={props.onSelect}
            announce={props.announce}
            onMoveToPage={props.onMoveToPage}
          />
        );
      })}
    </div>
  );
}
