import { moveItem, type ServiceRecord, truncateServiceName } from '@prosign/domain';
import { useState, type DragEvent } from 'react';

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

/**
 * Services in stored order (spec 1 §2.5). Reordering works by dragging a row
 * (native drag and drop) or, from the keyboard, with the move up / move down
 * buttons of each row.
 */
export function ServiceSidebar(props: ServiceSidebarProps) {
  const { services, selectedId, busy } = props;
  const [dragIndex, setDragIndex] = useState<number | null>(null);
  const [overIndex, setOverIndex] = useState<number | null>(null);

  const move = (from: number, to: number) => {
    if (from === to || to < 0 || to >= services.length) return;
    props.onReorder(moveItem(services, from, to).map((service) => service._id));
  };

  const onDrop = (event: DragEvent, index: number) => {
    event.preventDefault();
    const from = dragIndex ?? Number(event.dataTransfer.getData('text/plain'));
    setDragIndex(null);
    setOverIndex(null);
    if (Number.isInteger(from)) move(from, index);
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
      <ol className="services-list" aria-busy={busy}>
        {services.map((service, index) => (
          <li
            key={service._id}
            data-testid="service-item"
            data-service-id={service._id}
            draggable={!busy}
            onDragStart={(event) => {
              setDragIndex(index);
              event.dataTransfer.effectAllowed = 'move';
              event.dataTransfer.setData('text/plain', String(index));
            }}
            onDragOver={(event) => {
              event.preventDefault();
              setOverIndex(index);
            }}
            onDragLeave={() => setOverIndex((current) => (current === index ? null : current))}
            onDrop={(event) => onDrop(event, index)}
            onDragEnd={() => {
              setDragIndex(null);
              setOverIndex(null);
            }}
            // Only the drop target's border colour follows the drag: the dragged row
            // itself is never re-rendered with another class and no row changes size.
            className={[
              'service-row',
              service._id === selectedId ? 'service-row--selected' : '',
              overIndex === index && dragIndex !== index ? 'service-row--drop-target' : '',
            ]
              .filter(Boolean)
              .join(' ')}
          >
            {/* Pointer users drag the row by it; keyboard users have the move buttons. */}
            <span aria-hidden="true" className="service-drag-handle" title="Drag to reorder">
              ⠿
            </span>
            <button
              type="button"
              className="ps-link-button service-row__name"
              title={service.serviceName}
              aria-current={service._id === selectedId ? 'true' : undefined}
              onClick={() => props.onSelect(service)}
            >
              {truncateServiceName(service.serviceName)}
            </button>
            <button
              type="button"
              className="service-row__action service-row__action--icon"
              aria-label={`Move ${service.serviceName} up`}
              disabled={busy || index === 0}
              onClick={() => move(index, index - 1)}
            >
              ↑
            </button>
            <button
              type="button"
              className="service-row__action service-row__action--icon"
              aria-label={`Move ${service.serviceName} down`}
              disabled={busy || index === services.length - 1}
              onClick={() => move(index, index + 1)}
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
        ))}
      </ol>
    </aside>
  );
}
