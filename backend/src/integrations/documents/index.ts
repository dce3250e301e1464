/**
 * The documents port, and the document store and PDF engine both its local adapter and
 * modules/documents build on (records, files, content, layout, stamping); the adapters are
 * internal (documents-port.module.ts picks one). They live here, under the port, so the
 * embedded adapter never imports a feature module. Others import only this file,
 * documents-port.module.ts or document-store.module.ts (tools/eslint/module-boundaries.cjs).
 */
export * from './documents.port';
// Content and links.
export type {
  AgreementContent,
  DocumentSection,
  FirmSignatory,
  Letterhead,
  SignatureSlot,
} from './document-content';
export { slotRecipientId } from './document-content';
export { localDocLink, localReadingLink } from './document-links';
// The store.
export type {
  ArchiveExtension,
  DocumentKind,
  DocumentRecord,
  PlacedAttachment,
  PlacedFieldValues,
} from './store/document.schema';
export { newDocumentId } from './store/document-ids';
export { DocumentRepository } from './store/document.repository';
export { PdfFileStore } from './store/pdf-file.store';
export { UploadedFileUsers } from './store/uploaded-file-users.repository';
// Layout and PDF tools.
export { renderAgreement } from './layout/agreement-layout';
export { agreementReading } from './layout/agreement-reading';
export {
  AUDIT_EVENT_LABELS,
  type AuditAttachment,
  type AuditEvent,
  type AuditRecipient,
  type AuditSigningProgress,
  type AuditEventType,
  type DeviceKind,
} from './layout/audit-trail-content';
export { renderAuditTrail } from './layout/audit-trail-layout';
export {
  COLOR,
  CONTENT_WIDTH,
  createPdfKitDocument,
  drawPageFrames,
  finish,
  FONT,
  PAGE,
} from './layout/page-frame';
export { mergeDocuments, stampSignature, stampVoid } from './pdf/pdf-tools';
