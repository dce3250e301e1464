// Whether a document's fields are ready to send, and the builder's "copy to every page"
// (field-model.ts for the shapes; the builder and the server's send check alike).
import { isSigningRecipient, type Recipient } from '../agreements/recipients';
import { isAutoFilledKind, isChoiceKind, type Field, type FieldPlacement } from './field-model';
import { isProperRect, rectInsidePage, rectOnOtherPage, rectTouchesPage } from './field-geometry';
import {
  capitalisedFieldName,
  fieldValueProblem,
  missingRequired,
  type FieldValues,
} from './field-values';

export type PlacementRecipient = Pick<Recipient, 'id' | 'role' | 'name' | 'email'>;

function personName(recipient: PlacementRecipient): string {
  const who = recipient.name.trim() || recipient.email;
  return recipient.role === 'countersigner' ? `The firm’s countersigner (${who})` : who;
}

/** A field's problems on its own: its page and rectangle, its options, its default value. */
function fieldShapeProblems(field: Field, placement: FieldPlacement): string[] {
  const name = capitalisedFieldName(field);
  const page = Number.isInteger(field.page) ? placement.pages[field.page - 1] : undefined;
  const problems: string[] = [];
  if (!page)
    problems.push(
      `${name} is on a page the document does not have (it has ${placement.pages.length}).`,
    );
  else if (!isProperRect(field.rect)) problems.push(`${name} has no size.`);
  else if (!rectTouchesPage(field.rect, page)) problems.push(`${name} lies off its page.`);
  else if (!rectInsidePage(field.rect, page))
    problems.push(`${name} lies partly off its page: move it onto the page.`);
  if (isChoiceKind(field.kind) && 'options' in field) {
    if (field.options.length === 0) problems.push(`${name} has no options to choose from.`);
    else if (field.options.some((option) => option.trim() === ''))
      problems.push(`${name} has an empty option.`);
    else if (new Set(field.options).size !== field.options.length)
      problems.push(`${name} lists an option twice.`);
  }
  if (!isAutoFilledKind(field.kind)) {
    const defaultProblem = fieldValueProblem(field, field.defaultValue);
    if (defaultProblem) problems.push(`Default value: ${defaultProblem}`);
  }
  return problems;
}

/** A field's recipient problem: none, someone not on the agreement, or a cc. */
function assignmentProblem(
  field: Field,
  recipientsById: ReadonlyMap<string, PlacementRecipient>,
): string | null {
  const name = capitalisedFieldName(field);
  if (field.recipientId === null) return `${name} is not assigned to anyone.`;
  const recipient = recipientsById.get(field.recipientId);
  if (!recipient) return `${name} is assigned to someone who is not a recipient.`;
  if (!isSigningRecipient(recipient))
    return `${name} is assigned to ${personName(recipient)}, who only receives a copy.`;
  return null;
}

/**
 * Why the document cannot be sent yet, as messages for staff; empty when it
 * can. Refused: a signing recipient (each signer and the firm's
 * countersigner) without a signature field; a field with no recipient, one
 * not on the agreement, or a cc; a field on a page that does not exist, or
 * lying wholly or partly off its page; a radio group or dropdown without
 * options (or with an empty or repeated one); a default value its field
 * would refuse; two fields with one id.
 */
export function placementProblems(
  placement: FieldPlacement,
  recipients: readonly PlacementRecipient[],
): string[] {
  const problems: string[] = [];
  if (placement.pages.length === 0) problems.push('The document has no pages.');
  const recipientsById = new Map(recipients.map((recipient) => [recipient.id, recipient]));
  const seenIds = new Set<string>();
  for (const field of placement.fields) {
    if (seenIds.has(field.id)) problems.push(`Two fields share the id “${field.id}”.`);
    seenIds.add(field.id);
    problems.push(...fieldShapeProblems(field, placement));
    const assignment = assignmentProblem(field, recipientsById);
    if (assignment) problems.push(assignment);
  }
  for (const recipient of recipients.filter(isSigningRecipient)) {
    const signs = placement.fields.some(
      (field) => field.kind === 'signature' && field.recipientId === recipient.id,
    );
    if (!signs) problems.push(`${personName(recipient)} has no signature field: place one.`);
  }
  return problems;
}

/**
 * What is wrong with the values a recipient gives (a save of some of them): a
 * value for a field that is not theirs or is filled for them, a value its
 * field refuses. Empty fields are not this question's (`missingRequired`).
 */
export function givenValuesProblems(
  fields: readonly Field[],
  values: FieldValues,
  recipientId: string,
): string[] {
  const byId = new Map(fields.map((field) => [field.id, field]));
  const problems: string[] = [];
  for (const [id, value] of Object.entries(values)) {
    const field = byId.get(id);
    if (!field || field.recipientId !== recipientId)
      problems.push(`There is no field “${id}” for you to fill.`);
    else if (isAutoFilledKind(field.kind))
      problems.push(`${capitalisedFieldName(field)} is filled for you.`);
    else {
      const problem = fieldValueProblem(field, value);
      if (problem) problems.push(problem);
    }
  }
  return problems;
}

/**
 * What is wrong with the values a recipient submits: a value for a field that
 * is not theirs or is filled for them, a value its field refuses, a required
 * field left empty. Empty when the recipient may finish.
 */
export function submittedValuesProblems(
  fields: readonly Field[],
  values: FieldValues,
  recipientId: string,
): string[] {
  const byId = new Map(fields.map((field) => [field.id, field]));
  const problems = givenValuesProblems(fields, values, recipientId);
  const missing = missingRequired(fields, values, recipientId).filter(
    (field) => !isEmptyValueProblem(field.id, values, byId),
  );
  return [...problems, ...missing.map((field) => `Fill in ${field.name}.`)];
}

/** Whether a missing field already has a problem above: it was given, but refused. */
function isEmptyValueProblem(
  id: string,
  values: FieldValues,
  byId: ReadonlyMap<string, Field>,
): boolean {
  const field = byId.get(id);
  return field !== undefined && fieldValueProblem(field, values[id]) !== null;
}

/** An id not yet used in the placement: `base`, else `base-2`, `base-3`, … */
function freeId(base: string, used: Set<string>): string {
  let id = base;
  for (let n = 2; used.has(id); n += 1) id = `${base}-${n}`;
  used.add(id);
  return id;
}

/**
 * The placement with the field copied onto every other page (initials on
 * each page, say), each copy with a new id (`<id>-p<page>` unless `idFor`
 * gives one, made unique either way). The copies keep the field's size and
 * its distance from the nearest edges of the page as a reader sees it, so a
 * field in the lower-right corner stays in the lower-right corner of a page
 * of another size or rotation; a copy that would not fit is moved onto the
 * page. Unchanged when there is no such field.
 */
export function copyFieldToEveryPage(
  placement: FieldPlacement,
  fieldId: string,
  idFor: (page: number) => string = (page) => `${fieldId}-p${page}`,
): FieldPlacement {
  const field = placement.fields.find((candidate) => candidate.id === fieldId);
  const from = field ? placement.pages[field.page - 1] : undefined;
  if (!field || !from) return placement;
  const used = new Set(placement.fields.map((candidate) => candidate.id));
  const copies: Field[] = placement.pages.flatMap((to, index) =>
    index + 1 === field.page
      ? []
      : [
          {
            ...field,
            id: freeId(idFor(index + 1), used),
            page: index + 1,
            rect: rectOnOtherPage(field.rect, from, to),
          },
        ],
  );
  return { ...placement, fields: [...placement.fields, ...copies] };
}
