import { DOCUMENT_FAMILY_DEFINITION } from '@prosign/domain';
import type { AgreementFamilyRegistration } from '../agreement-family';

/**
 * A "document" agreement's own fields: what its send form carries (`DocumentSendForm` in the
 * domain) and what its creation from a builder draft stored with the document (the uploaded
 * file's name, the template version it came from). Everything else — status, history,
 * reminders, signing — is the agreement core's; the fields and their values are the
 * document record's (`uploaded`, `fieldValues`).
 */
export interface DocumentForm {
  title: string;
  signer_name: string;
  signer_email: string;
  signer_phone: string;
  /** A HubSpot deal, or '' for none: the write-back runs only for a linked deal. */
  deal_id: string;
  csm_email: string;
  /** Comma-separated addresses that get copies. */
  cc_emails: string;
  /** Days until the links expire; null for the firm's default. */
  expires_in_days: number | null;
  /** The uploaded PDF's name, as the creation stored it. */
  file_name: string;
  /** The template version the document was prepared from, if any. */
  template: { id: string; version: number } | null;
}

/** Documents: any uploaded PDF, fields placed for each recipient; a deal is optional. */
export const DOCUMENT_FAMILY: AgreementFamilyRegistration<DocumentForm> = {
  definition: DOCUMENT_FAMILY_DEFINITION,
  mailedFields: {
    reviewLinkMail: ['signer_email', 'signer_name', 'title'],
    ccCopy: ['cc_emails'],
  },
  recipientFields: { reviewLinkMail: ['signer_email'], ccCopy: ['cc_emails'] },
  parties: (form) => ({
    signerName: form.signer_name,
    signerEmail: form.signer_email,
    signerPhone: form.signer_phone || null,
    copyTo: form.cc_emails
      .split(',')
      .map((email) => email.trim())
      .filter(Boolean),
    senderEmail: form.csm_email,
  }),
  withSigner: (form, signer) => ({
    ...form,
    signer_name: signer.name,
    signer_email: signer.email,
    signer_phone: signer.phone ?? '',
  }),
  title: (form) => form.title,
  // The card and the link mail name the file under the title (the title is often the file's own).
  place: (form) => form.file_name || form.title,
  searchText: (form) =>
    [
      form.title,
      form.signer_name,
      form.signer_email,
      form.signer_phone,
      form.file_name,
      form.deal_id,
    ]
      .join(' ')
      .toLowerCase(),
  crm: { dealId: (form) => form.deal_id || null, projectId: () => null },
  expiryDays: (form) => form.expires_in_days ?? null,
  signingSummary: (form) => [
    { label: 'Document', value: form.title },
    { label: 'File', value: form.file_name },
  ],
  uploadedDocuments: true,
};
