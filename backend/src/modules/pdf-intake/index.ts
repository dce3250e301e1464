/**
 * The upload intake of "document" agreements: what other modules may use (the rest of this
 * directory is internal; tools/eslint/module-boundaries.cjs).
 */
export { PdfIntakeService } from './pdf-intake.service';
