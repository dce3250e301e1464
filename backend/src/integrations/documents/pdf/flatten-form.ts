import type { Field } from '@prosign/domain';
import { PDFArray, PDFDict, PDFName, type PDFDocument, type PDFField } from 'pdf-lib';

/** How far a widget may be from a form field's placed rectangle and still be that field's, in points. */
const SAME_PLACE = 1;

/**
 * Whether the PDF form field became one of ours (a field placed from the form, `source:
 * 'form'`): named as its label, or with a widget where it was placed. Its old widget would
 * show over, or under, the value drawn in its place.
 */
function becameOurs(
  pdfField: PDFField,
  placed: Field[],
  pageOf: (dict: PDFDict) => { page: number; x: number; y: number } | undefined,
): boolean {
  const name = pdfField.getName();
  if (placed.some((field) => field.label === name)) return true;
  return pdfField.acroField.getWidgets().some((widget) => {
    const on = pageOf(widget.dict);
    const rect = widget.getRectangle();
    return placed.some(
      (field) =>
        on !== undefined &&
        field.page === on.page &&
        Math.abs(field.rect.x - (rect.x - on.x)) <= SAME_PLACE &&
        Math.abs(field.rect.y - (rect.y - on.y)) <= SAME_PLACE &&
        Math.abs(field.rect.width - rect.width) <= SAME_PLACE &&
        Math.abs(field.rect.height - rect.height) <= SAME_PLACE,
    );
  });
}

/** Each annotation's page (1-based) and that page's crop box origin, by its dictionary. */
function annotationPages(pdf: PDFDocument): Map<PDFDict, { page: number; x: number; y: number }> {
  const pages = new Map<PDFDict, { page: number; x: number; y: number }>();
  pdf.getPages().forEach((page, index) => {
    const annots = page.node.lookup(PDFName.of('Annots'));
    if (!(annots instanceof PDFArray)) return;
    const { x, y } = page.getCropBox();
    for (let i = 0; i < annots.size(); i += 1) {
      const annot = annots.lookup(i);
      if (annot instanceof PDFDict) pages.set(annot, { page: index + 1, x, y });
    }
  });
  return pages;
}

/** Takes every widget annotation off every page: what is left of a form that could not be flattened. */
function removeWidgets(pdf: PDFDocument): void {
  for (const page of pdf.getPages()) {
    const annots = page.node.lookup(PDFName.of('Annots'));
    if (!(annots instanceof PDFArray)) continue;
    for (let i = annots.size() - 1; i >= 0; i -= 1) {
      const annot = annots.lookup(i);
      if (annot instanceof PDFDict && annot.get(PDFName.of('Subtype')) === PDFName.of('Widget')) {
        annots.remove(i);
      }
    }
  }
}

/**
 * The PDF's form made page content: the fields that became ours lose their widgets (our drawing
 * takes their place), the others are drawn as they look now (their appearance streams) into
 * their pages; then the form itself goes, so no viewer offers a field to fill. A form pdf-lib
 * cannot flatten (a widget without an appearance, a damaged field tree) loses its remaining
 * widgets instead. Page content is never removed.
 */
export function flattenForm(pdf: PDFDocument, fields: Field[]): void {
  const acroForm = PDFName.of('AcroForm');
  if (!pdf.catalog.has(acroForm)) return;
  const placed = fields.filter((field) => field.source === 'form');
  try {
    const form = pdf.getForm();
    const pages = annotationPages(pdf);
    const pageOf = (dict: PDFDict) => pages.get(dict);
    for (const pdfField of form.getFields()) {
      if (becameOurs(pdfField, placed, pageOf)) form.removeField(pdfField);
    }
    form.flatten({ updateFieldAppearances: false });
  } catch {
    // Flattened as far as it went; the rest has no appearance to keep.
  }
  removeWidgets(pdf);
  pdf.catalog.delete(acroForm);
}
