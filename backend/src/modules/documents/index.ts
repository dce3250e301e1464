/**
 * Documents: what other modules may use;
 * the rest of this directory is internal. Other modules import only this file or
 * its *.module files (tools/eslint/module-boundaries.cjs).
 * Plain files first, services last, so an import cycle through this index finds them loaded.
 */
// Content, storage and layout: integrations/documents holds them (the local documents
// adapter builds on them); passed on here for the modules that use documents.
export {
  type SignatureParties,
  localDocLink,
  DocumentRepository,
  AUDIT_EVENT_LABELS,
  type AuditEvent,
  type AuditEventType,
  type AuditRecipient,
  type AuditSigningProgress,
  type DeviceKind,
} from '../../integrations/documents';
export { ContractFormDataDto } from './dto/contract-form-data.dto';
export {
  DRAFTING_SERVICES_TEMPLATE,
  STANDARD_AGREEMENT_TEMPLATE,
  type StandardSectionKey,
} from './templates/standard-agreement.template';
export { FIRM_LETTERHEAD } from './templates/firm-letterhead';
export { amountDue, renderInvoice } from './templates/invoice.template';
export { sealReportOf } from './pdf/seal-report';
export { pdfFile } from './pdf-response';
// Services.
export { SignatureImageService, type UploadedImage } from './signatures/signature-image.service';
export { DocumentsService, type SignatureSource } from './documents.service';
export { DocumentPdfService, type RunDocuments } from './document-pdf.service';
export { DerivedDocumentsService } from './derived-documents.service';
export {
  DocumentLayoutService,
  signingBookmarksFor,
  type StoredSigningPlaces,
} from './document-layout.service';
export { READ_GRANT_STANDING, type ReadGrantStanding } from './read-grant-standing.port';
export { DocumentReadAccess, DOCUMENT_READ_GRANT_PARAM } from './document-read-access';
export { DocumentTemplatesSeeder } from './templates/document-templates.seeder';
export {
  registerCreationTemplate,
  unregisterCreationTemplate,
} from './templates/creation-templates';
export {
  AdditionalSignerDto,
  AdditionalSignersField,
  CountersignerDto,
  CountersignerField,
  SigningOrderField,
  RequireEmailCodeField,
  signatureSignersOf,
  signersOf,
} from './dto/signers.dto';
