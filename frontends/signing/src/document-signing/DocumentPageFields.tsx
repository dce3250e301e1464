import {
  displayedPageSize,
  FIELD_KIND_NAMES,
  fieldValueProblem,
  toDisplayedRect,
  type Field,
  type FieldRect,
  type FieldValue,
  type PlacementPage,
} from '@prosign/domain';
import type { KeyboardEvent } from 'react';
import { NO_ATTACHMENT, type AttachmentState } from './AttachmentControl';
import { FieldControl } from './FieldControl';
import { fieldTextPt } from './signing-fields';

/**
 * A field's box over the shown page (turned by its /Rotate, as pdf.js draws it), in percent of
 * the page from its top-left corner, and its text size in percent of the page's width (CSS
 * container units), so both follow the zoom.
 */
function boxStyle(rect: FieldRect, field: Field, page: PlacementPage) {
  const shown = toDisplayedRect(rect, page);
  const size = displayedPageSize(page);
  return {
    left: `${(shown.x / size.width) * 100}%`,
    top: `${((size.height - shown.y - shown.height) / size.height) * 100}%`,
    width: `${(shown.width / size.width) * 100}%`,
    height: `${(shown.height / size.height) * 100}%`,
    fontSize: `${(fieldTextPt(field, page) / size.width) * 100}cqw`,
  };
}

interface DocumentPageFieldsProps {
  /** The page, and the fields on it (none: nothing is drawn over it). */
  page: PlacementPage | undefined;
  fields: readonly Field[] | undefined;
  recipientId: string;
  /** Other recipients by id: their name, and whether they finished (their values are drawn). */
  others: ReadonlyMap<string, { name: string; signed: boolean }>;
  values: Readonly<Record<string, FieldValue>>;
  attachments: Readonly<Record<string, AttachmentState>>;
  currentId: string | null;
  signature: string | null;
  signingDate: string;
  recipientName: string;
  registerControl: (id: string, element: HTMLElement | null) => void;
  onFocusField: (id: string) => void;
  onChange: (id: string, value: FieldValue) => void;
  onSign: (id: string) => void;
  onAttach: (id: string, file: File) => void;
  /** Enter in a one-line box: on to the next field. */
  onNext: () => void;
}

const problemId = (field: Field) => `sg-doc-problem-${field.id}`;

/** What is wrong with the signer's field: a refused file, else its value's problem. */
export function fieldProblem(
  field: Field,
  values: Readonly<Record<string, FieldValue>>,
  attachments: Readonly<Record<string, AttachmentState>>,
): string | null {
  return attachments[field.id]?.refusal ?? fieldValueProblem(field, values[field.id]);
}

/**
 * The fields over one page: the recipient's own as inputs of their kind, and the fields of
 * others who have not finished as muted boxes "for {name}" (a finished recipient's values are
 * in the PDF itself).
 */
export function DocumentPageFields(props: DocumentPageFieldsProps) {
  const { page, fields } = props;
  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    const target = event.target as HTMLElement;
    if (event.key === 'Enter' && target instanceof HTMLInputElement && target.type !== 'file') {
      event.preventDefault();
      props.onNext();
    }
  };
  if (!page || !fields) return null;
  return (
    <div className="sg-doc-layer" onKeyDown={onKeyDown}>
      {fields.map((field) => {
        const style = boxStyle(field.rect, field, page);
        if (field.recipientId !== props.recipientId) {
          const other = field.recipientId ? props.others.get(field.recipientId) : undefined;
          if (!other || other.signed) return null;
          return (
            <div
              key={field.id}
              className="sg-doc-field sg-doc-field--other"
              style={style}
              data-field-id={field.id}
            >
              <span className="ps-visually-hidden">{FIELD_KIND_NAMES[field.kind]} </span>
              for {other.name}
            </div>
          );
        }
        const value = props.values[field.id];
        const problem = fieldProblem(field, props.values, props.attachments);
        return (
          <div
            key={field.id}
            className={[
              'sg-doc-field',
              `sg-doc-field--${field.kind}`,
              field.required ? 'sg-doc-field--required' : '',
              props.currentId === field.id ? 'sg-doc-field--current' : '',
              problem ? 'sg-doc-field--invalid' : '',
            ]
              .filter(Boolean)
              .join(' ')}
            style={style}
            data-field-id={field.id}
            onFocus={() => props.onFocusField(field.id)}
          >
            <FieldControl
              field={field}
              value={value}
              problemId={problemId(field)}
              signature={props.signature}
              signingDate={props.signingDate}
              recipientName={props.recipientName}
              attachment={props.attachments[field.id] ?? NO_ATTACHMENT}
              controlRef={(element) => props.registerControl(field.id, element)}
              onChange={(next) => props.onChange(field.id, next)}
              onSign={() => props.onSign(field.id)}
              onAttach={(file) => props.onAttach(field.id, file)}
            />
            {problem ? (
              <span id={problemId(field)} className="ps-visually-hidden">
                {problem}
              </span>
            ) : null}
          </div>
        );
      })}
    </div>
  );
}
