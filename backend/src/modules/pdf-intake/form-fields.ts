import { newField, type Field, type FieldRect } from '@prosign/domain';
import {
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

/** Where a field's widgets are: the first page one is on, and the box around those on that page. */
function placeOf(
  widgets: PDFWidgetAnnotation[],
  pages: Map<PDFDict, number>,
  origins: PageOrigin[],
): Placed | undefined {
  const onPages = widgets
    .filter((widget) => {
      const { width, height } = widget.getRectangle();
      return width !== 0 && height !== 0;
    })
    .map((widget) => ({ widget, page: pages.get(widget.dict) }))
    .filter(
      (entry): entry is { widget: PDFWidgetAnnotation; page: number } => entry.page !== undefined,
    );
  if (onPages.length === 0) return undefined;
  const page = onPages[0].page;
  const rects = onPages.filter((entry) => entry.page === page).map((e) => e.widget.getRectangle());
  const left = Math.min(...rects.map((r) => Math.min(r.x, r.x + r.width)));
  const bottom = Math.min(...rects.map((r) => Math.min(r.y, r.y + r.height)));
  const right = Math.max(...rects.map((r) => Math.max(r.x, r.x + r.width)));
  const top = Math.max(...rects.map((r) => Math.max(r.y, r.y + r.height)));
  const origin = origins[page];
  return {
    page: page + 1,
    rect: { x: left - origin.x, y: bottom - origin.y, width: right - left, height: top - bottom },
  };
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
 * widget's page and rectangle, for the first signer: staff reassign them in the builder.
 * A field whose widgets are on no page or have no size is skipped, as is a signature field
 * already signed. Reads only: a PDF without a form stays
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
      const place = placeOf(pdfField.acroField.getWidgets(), pages, origins);
      const field = place && fieldOf(pdfField, `form-${found.fields.length + 1}`, place);
      if (field) found.fields.push(field);
    } catch (error) {
      found.problems.push(
        `The form field "${pdfField.getName()}" could not be read (${(error as Error).message}).`,
      );
    }
  }
  return found;
}
