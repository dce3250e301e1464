import { isEmailAddress } from '@prosign/domain';
import type { DocumentForm, FieldError } from '../../agreements';

/** The send form's own keys (`DocumentSendForm`); anything else in the body is refused. */
const FORM_KEYS = [
  'title',
  'signer_name',
  'signer_email',
  'signer_phone',
  'deal_id',
  'csm_email',
  'cc_emails',
  'expires_in_days',
] as const;

const MAX_TEXT = 300;
const MAX_EXPIRY_DAYS = 365;
/** HubSpot record ids are digits. */
const DEAL_ID = /^\d{1,30}$/;

/** What the creation stored with the document, which the form carries too. */
export interface CreatedDocument {
  fileName: string;
  template: DocumentForm['template'];
}

/**
 * The send form of a document (`DocumentSendForm`) checked field by field, with what its
 * creation stored; or every wrong field (400, nothing stored).
 */
export function documentFormOf(
  input: Record<string, unknown>,
  created: CreatedDocument,
): { form: DocumentForm } | { errors: FieldError[] } {
  const errors: FieldError[] = [];
  const refuse = (field: string, message: string) => errors.push({ field, message });
  for (const key of Object.keys(input)) {
    if (!(FORM_KEYS as readonly string[]).includes(key))
      refuse(key, `${key} is not a field of a document's send.`);
  }
  const text = (key: (typeof FORM_KEYS)[number], label: string, required: boolean): string => {
    const value = input[key];
    if (value === undefined || value === null || value === '') {
      if (required) refuse(key, `${label} is required.`);
      return '';
    }
    if (typeof value !== 'string') {
      refuse(key, `${label} must be text.`);
      return '';
    }
    const trimmed = value.trim();
    if (required && !trimmed) refuse(key, `${label} is required.`);
    if (trimmed.length > MAX_TEXT) refuse(key, `${label} is longer than ${MAX_TEXT} characters.`);
    return trimmed;
  };
  const title = text('title', 'The title', true);
  const signerName = text('signer_name', 'The signer’s name', true);
  const signerEmail = text('signer_email', 'The signer’s e-mail', true).toLowerCase();
  if (signerEmail && !isEmailAddress(signerEmail)) {
    refuse('signer_email', 'The signer’s e-mail is not an e-mail address.');
  }
  const signerPhone = text('signer_phone', 'The signer’s phone', false);
  const dealId = text('deal_id', 'The deal', false);
  if (dealId && !DEAL_ID.test(dealId)) refuse('deal_id', 'The deal id is digits only.');
  const csmEmail = text('csm_email', 'The sender’s e-mail', true).toLowerCase();
  if (csmEmail && !isEmailAddress(csmEmail)) {
    refuse('csm_email', 'The sender’s e-mail is not an e-mail address.');
  }
  const ccEmails = text('cc_emails', 'The copy addresses', false)
    .split(',')
    .map((email) => email.trim().toLowerCase())
    .filter(Boolean);
  const badCopy = ccEmails.find((email) => !isEmailAddress(email));
  if (badCopy) refuse('cc_emails', `${badCopy} is not an e-mail address.`);
  const expiry = input.expires_in_days;
  const expiresInDays =
    expiry === undefined || expiry === null ? null : typeof expiry === 'number' ? expiry : NaN;
  if (
    expiresInDays !== null &&
    (!Number.isInteger(expiresInDays) || expiresInDays < 1 || expiresInDays > MAX_EXPIRY_DAYS)
  ) {
    refuse('expires_in_days', `The expiry is a whole number of days from 1 to ${MAX_EXPIRY_DAYS}.`);
  }
  if (errors.length) return { errors };
  return {
    form: {
      title,
      signer_name: signerName,
      signer_email: signerEmail,
      signer_phone: signerPhone,
      deal_id: dealId,
      csm_email: csmEmail,
      cc_emails: ccEmails.join(', '),
      expires_in_days: expiresInDays,
      file_name: created.fileName,
      template: created.template,
    },
  };
}
