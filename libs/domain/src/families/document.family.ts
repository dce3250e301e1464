import { ROUTES } from '../routes/routes';
import { STANDARD_FILTERS } from './filter-sets';
import type { FamilyDefinition } from './family-definition';

/**
 * The staff room of the documents list's live events: sessions with `documentsAccess`
 * join it, so a document's events reach no one without that flag.
 */
const DOCUMENTS_STAFF_ROOM = 'staff-documents';

/**
 * Documents: any uploaded PDF with fields placed for each recipient, made from a
 * builder draft (`/documents/new`) and signed on `/document-signature/{customId}`. A HubSpot
 * deal is optional: its write-back runs only when one is linked.
 */
export const DOCUMENT_FAMILY_DEFINITION: FamilyDefinition = {
  id: 'document',
  label: 'Document',
  noun: 'document',
  pluralNoun: 'documents',
  documentName: 'document',
  signerWord: 'signer',
  idNoun: 'a document id',
  initialStatus: 'not-signed',
  actionOverrides: {},
  filters: STANDARD_FILTERS,
  dashboard: {
    access: 'documentsAccess',
    staffRoom: DOCUMENTS_STAFF_ROOM,
    path: ROUTES.documents,
    messages: {
      fetchFailed: 'The documents could not be loaded.',
      empty: 'No documents sent yet.',
      cancelled: 'The document was cancelled.',
      voided: 'The document was voided.',
      markedSigned: 'The document was marked as signed.',
      deleted: 'The document was deleted.',
      resent: (email) => `The document was sent again to ${email}.`,
      resendFailed: 'The document could not be sent again.',
    },
  },
  apiPrefix: 'document',
  signing: {
    kind: 'link',
    segment: 'document-signature',
    signatureFontSizePx: 35,
  },
  crm: { record: 'deal', fileFolder: '/ProSign/Documents' },
  mail: { documentTitle: 'Document', heading: 'Document for signature' },
  creationPath: ROUTES.documentNew,
};
