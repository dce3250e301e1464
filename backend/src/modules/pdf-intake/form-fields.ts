import { newField, type Field, type FieldRect } from '@prosign/domain';
import {
  AnnotationFlags,
  PDFArray,
  PDFCheckBox,
  PDFDict,
  PDFDropdown,
  PDFName,
  PDFOptionList,
  PDFRadioGroup,
  PDFSignature,
  PDFTextField,
  type PDFDocument,
  type PDFField,
  type PDFWidgetAnnotation,
} from 'pdf-lib';
import { FIRST_SIGNER_ID, pageOrigins, type PageOrigin } from './intake-places';

/** The PDF's own form fields made ours, and how many of its fields are signed. */
export interface FormFieldsFound {
  fields: Field[];
  signedSignatures: number;
  /** Fields that could not be read (a damaged form), said in words. */
  problems: string[];
}

/** Each widget annotation's page (0-based), by the widget's dictionary. */
function widgetPages(document: PDFDocument): Map<PDFDict, number> {
  const pages = new Map<PDFDict, number>();
  document.getPages().forEach((page, index) => {
    const annots = page.node.lookup(PDFName.of('Annots'));
    if (!(annots instanceof PDFArray)) return;
    for (let i = 0; i < annots.size(); i += 1) {
      const annot = annots.lookup(i);
      if (annot instanceof PDFDict) pages.set(annot, index);
    }
  });
  return pages;
}

interface Placed {
  page: number;
  rect: FieldRect;
}

/** A widget nobody sees (hidden, or not to be shown on screen) or without a size. */
function unseen(widget: PDFWidgetAnnotation): boolean {
  const { width, height } = widget.getRectangle();
  return (
    width === 0 ||
    height === 0 ||
    widget.hasFlag(AnnotationFlags.Hidden) ||
    widget.hasFlag(AnnotationFlags.NoView)
  );
}

/**
 * Where a field's seen widgets are: on each page with one, the box around those on that page,
 * in page order (a field repeated on several pages, such as initials, is on each).
 */
function placesOf(
  widgets: PDFWidgetAnnotation[],
  pages: Map<PDFDict, number>,
  origins: PageOrigin[],
): Placed[] {
  const byPage = new Map<number, PDFWidgetAnnotation[]>();
  for (const widget of widgets) {
    const page = pages.get(widget.dict);
    if (page === undefined || unseen(widget)) continue;
    byPage.set(page, [...(byPage.get(page) ?? []), widget]);
  }
  return [...byPage.entries()]
    .sort(([a], [b]) => a - b)
    .map(([page, onPage]) => {
      const rects = onPage.map((widget) => widget.getRectangle());
      const left = Math.min(...rects.map((r) => Math.min(r.x, r.x + r.width)));
      const bottom = Math.min(...rects.map((r) => Math.min(r.y, r.y + r.height)));
      const right = Math.max(...rects.map((r) => Math.max(r.x, r.x + r.width)));
      const top = Math.max(...rects.map((r) => Math.max(r.y, r.y + r.height)));
      const origin = origins[page];
      return {
        page: page + 1,
        rect: {
          x: left - origin.x,
          y: bottom - origin.y,
          width: right - left,
          height: top - bottom,
        },
      };
    });
}

/** The field one PDF form field becomes; undefined for push buttons (nothing to fill). */
function fieldOf(field: PDFField, id: string, place: Placed): Field | undefined {
  const common = {
    id,
    page: place.page,
    x: place.rect.x,
    y: place.rect.y,
    width: place.rect.width,
    height: place.rect.height,
    recipientId: FIRST_SIGNER_ID,
    label: field.getName(),
    source: 'form' as const,
  };
  const required = field.isRequired();
  if (field instanceof PDFTextField) {
    return newField({
      ...common,
      kind: 'text',
      required,
      multiline: field.isMultiline(),
      maxLength: field.getMaxLength() ?? null,
      defaultValue: field.getText() ?? null,
    });
  }
  if (field instanceof PDFCheckBox) {
    return newField({ ...common, kind: 'checkbox', required, defaultValue: field.isChecked() });
  }
  if (field instanceof PDFRadioGroup) {
    return newField({
      ...common,
      kind: 'radioGroup',
      required,
      options: field.getOptions(),
      defaultValue: field.getSelected() ?? null,
    });
  }
  if (field instanceof PDFDropdown || field instanceof PDFOptionList) {
    return newField({
      ...common,
      kind: 'dropdown',
      required,
      options: field.getOptions(),
      defaultValue: field.getSelected()[0] ?? null,
    });
  }
  // A signature field is for signing whether or not the PDF marks it required.
  if (field instanceof PDFSignature) return newField({ ...common, kind: 'signature' });
  return undefined;
}

/**
 * The AcroForm's fields as fields of the same kind (text, checkbox, radio group, dropdown or
 * list box as a dropdown, signature), each labelled with the field's full name, on its
 * widgets' pages and rectangles (one field on each page it has a widget on), for the first
 * signer: staff reassign them in the builder. A widget that is hidden, not for the screen, on
 * no page or without a size is left out (a field with only such widgets is skipped), as is a
 * signature field already signed. Reads only: a PDF without a form stays
 * without one.
 */
export function formFields(document: PDFDocument): FormFieldsFound {
  const found: FormFieldsFound = { fields: [], signedSignatures: 0, problems: [] };
  if (!document.catalog.has(PDFName.of('AcroForm'))) return found;
  let pdfFields: PDFField[];
  try {
    pdfFields = document.getForm().getFields();
  } catch (error) {
    found.problems.push(`The PDF's form could not be read (${(error as Error).message}).`);
    return found;
  }
  const pages = widgetPages(document);
  const origins = pageOrigins(document);
  for (const pdfField of pdfFields) {
    if (pdfField instanceof PDFSignature && pdfField.acroField.dict.has(PDFName.of('V'))) {
      // Signed already: nobody signs it again, but filling the others breaks its signature.
      found.signedSignatures += 1;
      continue;
    }
    try {
      const places = placesOf(pdfField.acroField.getWidgets(), pages, origins);
      const id = `form-${found.fields.length + 1}`;
      // One field a page: the first keeps the id, the others are `<id>-p<page>`.
      places.forEach((place, index) => {
        const field = fieldOf(pdfField, index === 0 ? id : `${id}-p${place.page}`, place);
        if (field) found.fields.push(field);
      });
    } catch (error) {
      found.problems.push(
        `The form field "${pdfField.getName()}" could not be read (${(error as Error).message}).`,
      );
    }
  }
  return found;
}
