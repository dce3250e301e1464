import type { Field } from '@prosign/domain';
import {
  concatTransformationMatrix,
  drawObject,
  PDFArray,
  PDFDict,
  PDFHexString,
  PDFName,
  PDFNumber,
  PDFRef,
  PDFStream,
  PDFString,
  popGraphicsState,
  pushGraphicsState,
  type PDFDocument,
  type PDFPage,
} from 'pdf-lib';

/** How far a widget may be from a form field's placed rectangle and still be that field's, in points. */
const SAME_PLACE = 1;
/** Annotation flag: hidden (PDF 32000-1 §12.5.3). */
const HIDDEN = 2;

type Box = [number, number, number, number];

function numbers(array: unknown, count: number): number[] | undefined {
  if (!(array instanceof PDFArray) || array.size() < count) return undefined;
  const values = Array.from({ length: count }, (_, index) => array.lookup(index));
  if (!values.every((item) => item instanceof PDFNumber)) return undefined;
  return values.map((item) => (item as PDFNumber).asNumber());
}

/** A rectangle's corners in order: [left, bottom, right, top]. */
function normalised([a, b, c, d]: number[]): Box {
  return [Math.min(a, c), Math.min(b, d), Math.max(a, c), Math.max(b, d)];
}

/** The field's full name: the partial names (/T) of the widget and its parents, joined by dots. */
function fullName(widget: PDFDict): string {
  const parts: string[] = [];
  let node: PDFDict | undefined = widget;
  for (let depth = 0; node && depth < 32; depth += 1) {
    const partial = node.lookup(PDFName.of('T'));
    if (partial instanceof PDFString || partial instanceof PDFHexString) {
      parts.unshift(partial.decodeText());
    }
    const parent: unknown = node.lookup(PDFName.of('Parent'));
    node = parent instanceof PDFDict ? parent : undefined;
  }
  return parts.join('.');
}

/**
 * Whether the widget's field became one of ours (a field placed from the form, `source: 'form'`):
 * its full name is one's label, or the widget is where one was placed. Its old widget would show
 * over, or under, the value drawn in its place.
 */
function becameOurs(widget: PDFDict, rect: Box, page: PDFPage, number: number, placed: Field[]) {
  const name = fullName(widget);
  if (name && placed.some((field) => field.label === name)) return true;
  const origin = page.getCropBox();
  const [left, bottom, right, top] = rect;
  return placed.some(
    (field) =>
      field.page === number &&
      Math.abs(field.rect.x - (left - origin.x)) <= SAME_PLACE &&
      Math.abs(field.rect.y - (bottom - origin.y)) <= SAME_PLACE &&
      Math.abs(field.rect.width - (right - left)) <= SAME_PLACE &&
      Math.abs(field.rect.height - (top - bottom)) <= SAME_PLACE,
  );
}

/** The widget's normal appearance as it shows now (a checkbox's by its /AS state), if any. */
function normalAppearance(widget: PDFDict): { ref: PDFRef; stream: PDFStream } | undefined {
  const appearances = widget.lookup(PDFName.of('AP'));
  if (!(appearances instanceof PDFDict)) return undefined;
  let normal = appearances.get(PDFName.of('N'));
  const states = appearances.lookup(PDFName.of('N'));
  if (states instanceof PDFDict && !(states instanceof PDFStream)) {
    const state = widget.lookup(PDFName.of('AS'));
    normal = state instanceof PDFName ? states.get(state) : undefined;
  }
  if (!(normal instanceof PDFRef)) return undefined;
  const stream = widget.context.lookup(normal);
  return stream instanceof PDFStream ? { ref: normal, stream } : undefined;
}

/**
 * Paints the appearance into the page where the widget shows it: the appearance's box, through
 * its /Matrix, fitted into the widget's /Rect (PDF 32000-1 §12.5.5, algorithm 8.1).
 */
function paint(page: PDFPage, rect: Box, appearance: { ref: PDFRef; stream: PDFStream }): void {
  const bbox = numbers(appearance.stream.dict.lookup(PDFName.of('BBox')), 4);
  if (!bbox) return;
  const [a, b, c, d, e, f] = numbers(appearance.stream.dict.lookup(PDFName.of('Matrix')), 6) ?? [
    1, 0, 0, 1, 0, 0,
  ];
  const [x0, y0, x1, y1] = normalised(bbox);
  const corners = [
    [x0, y0],
    [x1, y0],
    [x0, y1],
    [x1, y1],
  ].map(([x, y]) => [a * x + c * y + e, b * x + d * y + f]);
  const xs = corners.map(([x]) => x);
  const ys = corners.map(([, y]) => y);
  const [left, bottom] = [Math.min(...xs), Math.min(...ys)];
  const width = Math.max(...xs) - left;
  const height = Math.max(...ys) - bottom;
  if (width <= 0 || height <= 0) return;
  const scaleX = (rect[2] - rect[0]) / width;
  const scaleY = (rect[3] - rect[1]) / height;
  const name = page.node.newXObject('FlatWidget', appearance.ref);
  page.pushOperators(
    pushGraphicsState(),
    concatTransformationMatrix(
      scaleX,
      0,
      0,
      scaleY,
      rect[0] - left * scaleX,
      rect[1] - bottom * scaleY,
    ),
    drawObject(name),
    popGraphicsState(),
  );
}

/**
 * The PDF's form made page content: each widget of a field that became ours goes (our drawing
 * takes its place); every other visible widget is painted into its page as it shows now (its
 * normal appearance), then goes; then the form itself, so no viewer offers a field to fill. A
 * widget without an appearance (a form that relied on the viewer to draw it) shows nothing, as
 * it showed nothing in a viewer that does not. Works on the annotations themselves, not on the
 * field tree, so a damaged tree flattens too. Page content is never removed.
 */
export function flattenForm(pdf: PDFDocument, fields: Field[]): void {
  const acroForm = PDFName.of('AcroForm');
  const placed = fields.filter((field) => field.source === 'form');
  pdf.getPages().forEach((page, index) => {
    const annots = page.node.lookup(PDFName.of('Annots'));
    if (!(annots instanceof PDFArray)) return;
    const widgets: PDFDict[] = [];
    for (let i = annots.size() - 1; i >= 0; i -= 1) {
      const annot = annots.lookup(i);
      if (annot instanceof PDFDict && annot.get(PDFName.of('Subtype')) === PDFName.of('Widget')) {
        widgets.unshift(annot);
        annots.remove(i);
      }
    }
    // Painted in the order the page listed them, as a viewer stacks them.
    for (const widget of widgets) {
      const rect = numbers(widget.lookup(PDFName.of('Rect')), 4);
      const flags = (widget.lookup(PDFName.of('F')) as PDFNumber | undefined)?.asNumber?.() ?? 0;
      if (!rect || flags & HIDDEN) continue;
      const box = normalised(rect);
      if (becameOurs(widget, box, page, index + 1, placed)) continue;
      const appearance = normalAppearance(widget);
      if (appearance) paint(page, box, appearance);
    }
  });
  pdf.catalog.delete(acroForm);
}
