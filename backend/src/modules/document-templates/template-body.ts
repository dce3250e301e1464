// What a template save and a template's use may carry, checked before anything is stored:
// every reason found, for one 400.
import {
  capitalisedFieldName,
  COUNTERSIGNER_RECIPIENT_ID,
  isEmailAddress,
  type DocumentTemplateRole,
  type DraftSigner,
  type Field,
} from '@prosign/domain';

/** A body refused: each reason, for a 400. */
export class TemplateBodyError extends Error {
  constructor(readonly problems: string[]) {
    super(problems.join(' '));
  }
}

const MAX_NAME = 200;
const MAX_ROLE_NAME = 100;
const MAX_ROLES = 50;
const MAX_PERSON_TEXT = 320;

type Input = Record<string, unknown>;

const isRecord = (value: unknown): value is Input =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/** The template's name: some text, at most MAX_NAME characters, spaces trimmed. */
export function templateName(raw: unknown): string {
  const name = typeof raw === 'string' ? raw.trim() : '';
  if (!name) throw new TemplateBodyError(['Give the template a name.']);
  if (name.length > MAX_NAME)
    throw new TemplateBodyError([`A template's name has at most ${MAX_NAME} characters.`]);
  return name;
}

/** The roles as sent: a list of `{ id, name }`, names trimmed; each problem of their shape. */
function roleList(raw: unknown): DocumentTemplateRole[] {
  if (!Array.isArray(raw) || raw.length > MAX_ROLES)
    throw new TemplateBodyError([`roles must be a list of at most ${MAX_ROLES} { id, name }.`]);
  const problems: string[] = [];
  const roles = raw.flatMap((role, index): DocumentTemplateRole[] => {
    if (!isRecord(role) || typeof role.id !== 'string' || typeof role.name !== 'string') {
      problems.push(`Role ${index + 1} needs an id and a name.`);
      return [];
    }
    const name = role.name.trim();
    if (!name) problems.push(`Role ${index + 1} has no name: name it ("Client", say).`);
    else if (name.length > MAX_ROLE_NAME)
      problems.push(`The role “${name.slice(0, 40)}…” is longer than ${MAX_ROLE_NAME} characters.`);
    return [{ id: role.id, name }];
  });
  const names = roles.map((role) => role.name.toLowerCase()).filter(Boolean);
  if (new Set(names).size !== names.length) problems.push('Two roles have the same name.');
  if (new Set(roles.map((role) => role.id)).size !== roles.length)
    problems.push('Two roles are for the same recipient.');
  if (problems.length > 0) throw new TemplateBodyError(problems);
  return roles;
}

/** A recipient of the document a template is made from, in signing order. */
type TemplateRecipient = Pick<DraftSigner, 'id' | 'role'>;

/**
 * The recipients a placement saved without a draft names: the roles in their order, `firm` the
 * firm's countersigner, every other one a signer.
 */
export function recipientsOfRoles(raw: unknown): TemplateRecipient[] {
  return roleList(raw).map((role) => ({
    id: role.id,
    role: role.id === COUNTERSIGNER_RECIPIENT_ID ? 'countersigner' : 'signer',
  }));
}

/**
 * A template's fields and roles with roles instead of people: each recipient the fields are for
 * must have a role; the recipients with a role become `signer-1`, `signer-2`… in signing order
 * and `firm` for the firm's countersigner, in the roles and on the fields alike. Throws
 * {@link TemplateBodyError} with every problem found.
 */
export function templateRoles(
  rawRoles: unknown,
  recipients: readonly TemplateRecipient[],
  fields: readonly Field[],
): { roles: DocumentTemplateRole[]; fields: Field[] } {
  const roles = roleList(rawRoles);
  const problems: string[] = [];
  const roleById = new Map(roles.map((role) => [role.id, role]));
  const signing = recipients.filter((recipient) => recipient.role !== 'cc');
  const signingIds = new Set(signing.map((recipient) => recipient.id));
  if (roles.length === 0) problems.push('Name a role for each recipient the fields are for.');
  for (const role of roles)
    if (!signingIds.has(role.id))
      problems.push(`The role “${role.name}” is for no one who signs this document.`);
  for (const field of fields) {
    if (field.recipientId === null)
      problems.push(`${capitalisedFieldName(field)} is not assigned to anyone.`);
    else if (!signingIds.has(field.recipientId))
      problems.push(
        `${capitalisedFieldName(field)} is for someone who does not sign this document.`,
      );
    else if (!roleById.has(field.recipientId))
      problems.push(
        `${capitalisedFieldName(field)} is for a recipient with no role: name their role.`,
      );
  }
  const withRole = signing.filter((recipient) => roleById.has(recipient.id));
  if (withRole.filter((recipient) => recipient.role === 'countersigner').length > 1)
    problems.push('Only one role can be the firm’s countersigner.');
  if (problems.length > 0) throw new TemplateBodyError([...new Set(problems)]);
  const templateId = new Map<string, string>();
  let signers = 0;
  for (const recipient of withRole)
    templateId.set(
      recipient.id,
      recipient.role === 'countersigner' ? COUNTERSIGNER_RECIPIENT_ID : `signer-${(signers += 1)}`,
    );
  // Signers in order, then the firm: the order a send takes them in.
  const ordered = [
    ...withRole.filter((recipient) => recipient.role !== 'countersigner'),
    ...withRole.filter((recipient) => recipient.role === 'countersigner'),
  ];
  return {
    roles: ordered.map((recipient) => ({
      id: templateId.get(recipient.id)!,
      name: roleById.get(recipient.id)!.name,
    })),
    fields: fields.map((field) => ({ ...field, recipientId: templateId.get(field.recipientId!)! })),
  };
}

/**
 * The person named for each role when a template is used: a name and an e-mail address for
 * every role, nothing for a role the template does not have. Throws {@link TemplateBodyError}.
 */
export function rolePeople(
  raw: unknown,
  roles: readonly DocumentTemplateRole[],
): Map<string, { name: string; email: string }> {
  const people = isRecord(raw) ? raw : {};
  const problems: string[] = [];
  const known = new Set(roles.map((role) => role.id));
  for (const id of Object.keys(people))
    if (!known.has(id)) problems.push(`The template has no role “${id}”.`);
  const named = new Map<string, { name: string; email: string }>();
  for (const role of roles) {
    const person = people[role.id];
    const name = isRecord(person) && typeof person.name === 'string' ? person.name.trim() : '';
    const email = isRecord(person) && typeof person.email === 'string' ? person.email.trim() : '';
    if (!name || name.length > MAX_PERSON_TEXT) problems.push(`“${role.name}” needs a name.`);
    if (!isEmailAddress(email) || email.length > MAX_PERSON_TEXT)
      problems.push(`“${role.name}” needs an e-mail address.`);
    named.set(role.id, { name, email });
  }
  if (problems.length > 0) throw new TemplateBodyError(problems);
  return named;
}
