import {
  isAgreementFamily,
  registerFamily,
  SOW_FAMILY_DEFINITION,
  unregisterFamily,
} from '@prosign/domain';
import { DOCUMENT_FAMILY_ID } from '../document-signing/document-family';

/**
 * Registers the document family's link (`/document-signature/…`, calls under `/api/document`)
 * for a test file, unless its definition already ships; taken away again after the file.
 */
export function withDocumentFamily(): void {
  const registeredHere = !isAgreementFamily(DOCUMENT_FAMILY_ID);
  beforeAll(() => {
    if (!registeredHere) return;
    registerFamily({
      ...SOW_FAMILY_DEFINITION,
      id: DOCUMENT_FAMILY_ID,
      label: 'Document',
      noun: 'document',
      pluralNoun: 'documents',
      documentName: 'document',
      idNoun: 'a document id',
      apiPrefix: 'document',
      dashboard: { ...SOW_FAMILY_DEFINITION.dashboard, path: '/document-dashboard' },
      signing: { kind: 'link', segment: 'document-signature', signatureFontSizePx: 30 },
      creationPath: undefined,
    });
  });
  afterAll(() => {
    if (registeredHere) unregisterFamily(DOCUMENT_FAMILY_ID);
  });
}
