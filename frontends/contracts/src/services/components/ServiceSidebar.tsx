import {
  closestCenter,
  DndContext,
  KeyboardSensor,
  PointerSensor,
  useSensor,
  useSensors,
  type Announcements,
  type DragEndEvent,
} from '@dnd-kit/core';
import {
  SortableContext,
  sortableKeyboardCoordinates,
  useSortable,
  verticalListSortingStrategy,
} from '@dnd-kit/sortable';
import { CSS } from '@dnd-kit/utilities';
import { moveItem, type ServiceRecord, truncateServiceName } from '@prosign/domain';

export interface ServiceSidebarProps {
  services: ServiceRecord[];
  selectedId: string | null;
  busy: boolean;
  onSelect(service: ServiceRecord): void;
  onAdd(): void;
  onCopy(service: ServiceRecord): void;
  onDelete(service: ServiceRecord): void;
  /** The full new order of ids. */
  onReorder(ids: string[]): void;
}

/** What a screen reader hears while a service is dragged (dnd-kit's live region). */
function announcements(services: ServiceRecord[]): Announcements {
  const name = (id: string | number) =>
    services.find((service) => service._id === id)?.serviceName ?? String(id);
  const position = (id: string | number) => services.findIndex((service) => service._id === id) + 1;
  return {
    onDragStart: ({ active }) =>
      `Picked up ${name(active.id)}, position ${position(active.id)} of ${services.length}.`,
    onDragOver: ({ active, over }) =>
      over
        ? `${name(active.id)} is over position ${position(over.id)} of ${services.length}.`
        : `${name(active.id)} is no longer over the list.`,
    onDragEnd: ({ active, over }) =>
      over
        ? `${name(active.id)} dropped at position ${position(over.id)} of ${services.length}.`
        : `${name(active.id)} dropped.`,
    onDragCancel: ({ active }) => `Moving ${name(active.id)} was cancelled.`,
  };
}

const INSTRUCTIONS =
  'To reorder, press Space or Enter on the handle, move with the up and down arrow keys, ' +
  'press Space or Enter again to drop, or Escape to cancel.';

/**
 * Services in stored order (spec 1 §2.5), reordered with dnd-kit: drag a row
 * by its handle, or from the keyboard pick the handle up with Space or Enter,
 * move it with the arrow keys and drop it with Space or Enter (Escape cancels);
 * each row also has move up / move down buttons.
 */
export function ServiceSidebar(props: ServiceSidebarProps) {
  const { services, selectedId, busy } = props;
  const sensors = useSensors(
    // Only the handle starts a drag, so it may start at once.
    useSensor(PointerSensor),
    useSensor(KeyboardSensor, { coordinateGetter: sortableKeyboardCoordinates }),
  );

  const move = (from: number, to: number) => {
    if (from === to || from < 0 || to < 0 || to >= services.length) return;
    props.onReorder(moveItem(services, from, to).map((service) => service._id));
  };

  const onDragEnd = ({ active, over }: DragEndEvent) => {
    if (!over || active.id === over.id) return;
    const ids = services.map((service) => service._id);
    move(ids.indexOf(String(active.id)), ids.indexOf(String(over.id)));
  };

  return (
    <aside aria-label="Services" className="services-sidebar ps-card">
      <button
        type="button"
        className="ps-button ps-button--primary services-sidebar__add"
        onClick={props.onAdd}
      >
        Add New Service
      </button>
      <DndContext
        sensors={sensors}
        collisionDetection={closestCenter}
        onDragEnd={onDragEnd}
        accessibility={{
          announcements: announcements(services),
          screenReaderInstructions: { draggable: INSTRUCTIONS },
        }}
      >
        <SortableContext
          items={services.map((service) => service._id)}
          strategy={verticalListSortingStrategy}
          disabled={busy}
        >
          <ol className="services-list" aria-busy={busy}>
            {services.map((service, index) => (
              <ServiceRow
                key={service._id}
                service={service}
                index={index}
                count={services.length}
                selected={service._id === selectedId}
                onMove={move}
                {...props}
              />
            ))}
          </ol>
        </SortableContext>
      </DndContext>
    </aside>
  );
}

interface ServiceRowProps extends ServiceSidebarProps {
  service: ServiceRecord;
  index: number;
  count: number;
  selected: boolean;
  onMove(from: number, to: number): void;
}

function ServiceRow({ service, index, count, selected, busy, onMove, ...props }: ServiceRowProps) {
  const {
    attributes,
    listeners,
    setNodeRef,
    setActivatorNodeRef,
    transform,
    transition,
    isDragging,
  } = useSortable({ id: service._id });
  return (
    <li
      ref={setNodeRef}
      data-testid="service-item"
      data-service-id={service._id}
      style={{ transform: CSS.Translate.toString(transform), transition }}
      className={[
        'service-row',
        selected ? 'service-row--selected' : '',
        isDragging ? 'service-row--dragging' : '',
      ]
        .filter(Boolean)
        .join(' ')}
    >
      <button
        type="button"
        ref={setActivatorNodeRef}
        className="service-drag-handle"
        {...attributes}
        {...listeners}
        aria-label={`Reorder ${service.serviceName}`}
        disabled={busy}
      >
        <span aria-hidden="true">⠿</span>
      </button>
      <button
        type="button"
        className="ps-link-button service-row__name"
        title={service.serviceName}
        aria-current={selected ? 'true' : undefined}
        onClick={() => props.onSelect(service)}
      >
        {truncateServiceName(service.serviceName)}
      </button>
      <button
        type="button"
        className="service-row__action service-row__action--icon"
        aria-label={`Move ${service.serviceName} up`}
        disabled={busy || index === 0}
        onClick={() => onMove(index, index - 1)}
      >
        ↑
      </button>
      <button
        type="button"
        className="service-row__action service-row__action--icon"
        aria-label={`Move ${service.serviceName} down`}
        disabled={busy || index === count - 1}
        onClick={() => onMove(index, index + 1)}
      >
        ↓
      </button>
      <button
        type="button"
        className="service-row__action"
        aria-label={`Copy ${service.serviceName}`}
        onClick={() => props.onCopy(service)}
      >
        Copy
      </button>
      <button
        type="button"
        className="service-row__action service-row__action--danger"
        aria-label={`Delete ${service.serviceName}`}
        onClick={() => props.onDelete(service)}
      >
        Delete
      </button>
    </li>
  );
}
