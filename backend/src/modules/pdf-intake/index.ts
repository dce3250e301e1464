/** The upload intake of "document" agreements (pdf-intake.module.ts is its Nest module). */
export { PdfIntakeService, UPLOADED_PDF_KIND, type UploadedPdf } from './pdf-intake.service';
export { FIRST_SIGNER_ID, COUNTERSIGNER_ID } from './intake-places';
