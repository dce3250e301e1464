import {
  pageRotation,
  type Field,
  type FieldPlacement,
  type FieldValue,
  type PlacementPage,
} from '@prosign/domain';
import {
  degrees,
  drawImage,
  lineTo,
  moveTo,
  popGraphicsState,
  pushGraphicsState,
  rgb,
  setLineCap,
  setLineJoin,
  setLineWidth,
  setStrokingRgbColor,
  stroke,
  LineCapStyle,
  LineJoinStyle,
  ParseSpeeds,
  PDFDocument,
  type PDFPage,
} from 'pdf-lib';
import { embedPixels, type EmbeddedPixels } from './embed-pixels';
import { fieldFrame } from './field-frame';
import { drawable, drawLine, drawParagraph, INK, type PageCanvas } from './field-text';
import { embedFillFont } from './fill-font';
import { flattenForm } from './flatten-form';
import { removeTagText } from './remove-tag-text';
import { trimToInk } from './trim-to-ink';
// pdf-lib's streams deflated by Node's zlib, for every process that writes PDFs.
import './pdf-lib-deflate';

/** One recipient who finished: what is drawn into their fields. */
export interface RecipientFill {
  recipientId: string;
  name: string;
  email: string;
  /** Their finish: the date-signed fields show it, in the document's time zone. */
  signedAt: Date;
  signaturePng: Buffer;
  initialsPng: Buffer;
  /** By field id (an attachment field holds its attachment's id). */
  values: Record<string, FieldValue>;
}

/** A file a recipient attached: embedded in the PDF as an attached file. */
export interface FillAttachment {
  id: string;
  fieldId: string;
  recipientId: string;
  name: string;
  type: string;
  bytes: Buffer;
  sha256: string;
}

export interface FillRequest {
  /** The uploaded PDF as the intake stored it. */
  pdf: Buffer;
  placement: FieldPlacement;
  /** Only those who finished: the fields of the others stay empty. */
  recipients: RecipientFill[];
  attachments: FillAttachment[];
  /** IANA time zone of the dates drawn. */
  timeZone: string;
}

/** The least height of a radio group's row that still reads (points). */
const MIN_OPTION_HEIGHT = 9;

/** "December 7, 2026" for a moment, in the document's time zone. */
function longDate(at: Date, timeZone: string): string {
  return new Intl.DateTimeFormat('en-US', { dateStyle: 'long', timeZone }).format(at);
}

/** A picked date (`YYYY-MM-DD`, the day itself, no time zone) as "December 7, 2026"; else as typed. */
function pickedDate(value: string): string {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(value);
  if (!match) return value;
  const day = new Date(Date.UTC(Number(match[1]), Number(match[2]) - 1, Number(match[3])));
  return Number.isNaN(day.getTime()) ? value : longDate(day, 'UTC');
}

/** An image in the frame as large as it fits, its proportions kept, centred. */
function drawFitted({ page, frame }: PageCanvas, image: EmbeddedPixels): void {
  const scale = Math.min(frame.width / image.width, frame.height / image.height);
  const width = image.width * scale;
  const height = image.height * scale;
  const name = page.node.newXObject('Image', image.ref);
  const at = frame.at((frame.width - width) / 2, (frame.height - height) / 2);
  page.pushOperators(
    ...drawImage(name, {
      ...at,
      width,
      height,
      rotate: degrees(frame.rotate),
      xSkew: degrees(0),
      ySkew: degrees(0),
    }),
  );
}

/** A tick drawn as a path in the square centred in the frame (the embedded font has no ✓). */
function drawTick({ page, frame }: PageCanvas): void {
  const side = Math.min(frame.width, frame.height);
  const u0 = (frame.width - side) / 2;
  const v0 = (frame.height - side) / 2;
  const point = (u: number, v: number) => frame.at(u0 + u * side, v0 + v * side);
  const [a, b, c] = [point(0.18, 0.52), point(0.4, 0.24), point(0.84, 0.8)];
  page.pushOperators(
    pushGraphicsState(),
    setStrokingRgbColor(INK.red, INK.green, INK.blue),
    setLineWidth(Math.max(0.8, side * 0.12)),
    setLineCap(LineCapStyle.Round),
    setLineJoin(LineJoinStyle.Round),
    moveTo(a.x, a.y),
    lineTo(b.x, b.y),
    lineTo(c.x, c.y),
    stroke(),
    popGraphicsState(),
  );
}

/**
 * A radio group's options stacked top to bottom, the chosen one ● and the others ○; in a box
 * too low for that (a form's group, placed where one of its buttons was) the chosen option alone.
 */
function drawOptions(canvas: PageCanvas, options: string[], chosen: string): void {
  const rows = Math.max(options.length, 1);
  const height = canvas.frame.height / rows;
  if (height < MIN_OPTION_HEIGHT) {
    const middle = canvas.frame.height / 2;
    drawLine(canvas, drawable(canvas.font, `● ${chosen}`), { middle, height: canvas.frame.height });
    return;
  }
  options.forEach((option, index) => {
    const middle = canvas.frame.height - (index + 0.5) * height;
    const mark = option === chosen ? '●' : '○';
    drawLine(canvas, drawable(canvas.font, `${mark} ${option}`), { middle, height });
  });
}

/** What one recipient's images became in the PDF: embedded once, on the first field that shows them. */
class RecipientImages {
  private signature?: EmbeddedPixels;
  private initials?: EmbeddedPixels;

  constructor(
    private readonly pdf: PDFDocument,
    private readonly recipient: RecipientFill,
  ) {}

  of(kind: 'signature' | 'initials'): EmbeddedPixels {
    if (kind === 'signature') {
      this.signature ??= embedPixels(this.pdf, trimToInk(this.recipient.signaturePng));
      return this.signature;
    }
    this.initials ??= embedPixels(this.pdf, trimToInk(this.recipient.initialsPng));
    return this.initials;
  }
}

/** The value a field shows: the recipient's own, else the field's default (a form's prefilled text). */
function valueOf(field: Field, recipient: RecipientFill): FieldValue {
  return Object.hasOwn(recipient.values, field.id)
    ? recipient.values[field.id]
    : field.defaultValue;
}

function drawField(
  canvas: PageCanvas,
  field: Field,
  recipient: RecipientFill,
  images: RecipientImages,
  attachmentNames: Map<string, string>,
  timeZone: string,
): void {
  const { frame, font } = canvas;
  const line = (text: string) =>
    drawLine(canvas, drawable(font, text), { middle: frame.height / 2, height: frame.height });
  switch (field.kind) {
    case 'signature':
    case 'initials':
      return drawFitted(canvas, images.of(field.kind));
    case 'dateSigned':
      return line(longDate(recipient.signedAt, timeZone));
    case 'name':
      return line(recipient.name);
    case 'email':
      return line(recipient.email);
    default:
      break;
  }
  const value = valueOf(field, recipient);
  if (value === null || value === '' || value === false) return;
  switch (field.kind) {
    case 'checkbox':
      return drawTick(canvas);
    case 'radioGroup':
      return drawOptions(canvas, field.options, String(value));
    case 'date':
      return line(pickedDate(String(value)));
    case 'attachment': {
      const name = attachmentNames.get(String(value));
      return name === undefined ? undefined : line(`Attached: ${name}`);
    }
    case 'text':
      return field.multiline
        ? drawParagraph(canvas, drawable(font, String(value)))
        : line(String(value));
    default:
      return line(String(value));
  }
}

/** Embeds each attachment of a finished recipient as an attached file; a name taken twice gets " (2)". */
async function attachFiles(
  pdf: PDFDocument,
  request: FillRequest,
  finished: Map<string, RecipientFill>,
): Promise<Map<string, string>> {
  const names = new Map<string, string>();
  const taken = new Set<string>();
  const fields = new Map(request.placement.fields.map((field) => [field.id, field]));
  for (const attachment of request.attachments) {
    const recipient = finished.get(attachment.recipientId);
    if (!recipient) continue;
    let name = attachment.name;
    for (let copy = 2; taken.has(name); copy += 1) {
      name = attachment.name.replace(/(\.[^.]*)?$/, (ext) => ` (${copy})${ext}`);
    }
    taken.add(name);
    names.set(attachment.id, name);
    const label = fields.get(attachment.fieldId)?.label || 'Attachment';
    await pdf.attach(attachment.bytes, name, {
      mimeType: attachment.type,
      description: `${label}, attached by ${recipient.name} <${recipient.email}>`,
      creationDate: recipient.signedAt,
      modificationDate: recipient.signedAt,
    });
  }
  return names;
}

/** The lower-left corner of each page's visible box (crop box), as the intake measured fields from. */
function pageOrigin(page: PDFPage): { x: number; y: number } {
  const box = page.getCropBox();
  return { x: box.x, y: box.y };
}

/**
 * The uploaded PDF with each finished recipient's values drawn into the page content (fonts
 * embedded; checkbox and radio glyphs; dates in `timeZone`), every text tag covered and taken out
 * of the page's text, the form flattened and the attachments embedded as attached files. Same
 * request, same bytes. Throws, writing nothing, on an unknown time zone or a field on a page the
 * PDF does not have.
 */
export async function fillPlacedFields(
  request: FillRequest,
): Promise<{ pdf: Buffer; pageCount: number }> {
  try {
    longDate(new Date(0), request.timeZone);
  } catch {
    throw new Error(`Unknown time zone "${request.timeZone}": expected an IANA name`);
  }
  // Parsed and written without yielding to the event loop every 100 objects (pdf-lib's default):
  // under load each yield waits its turn, which made saving 50 pages 10× slower.
  const pdf = await PDFDocument.load(request.pdf, {
    updateMetadata: false,
    parseSpeed: ParseSpeeds.Fastest,
  });
  const pages = pdf.getPages();
  const { fields } = request.placement;
  const outside = fields.find((field) => field.page < 1 || field.page > pages.length);
  if (outside) {
    throw new Error(`Field ${outside.id} is on page ${outside.page}; the PDF has ${pages.length}`);
  }
  const finished = new Map(
    request.recipients.map((recipient) => [recipient.recipientId, recipient]),
  );
  const rotationOf = (index: number): PlacementPage['rotation'] =>
    pageRotation(pages[index].getRotation().angle);

  // The words of each text tag leave the page's text, whoever the field is for.
  removeTagText(
    pdf,
    fields.filter((field) => field.source === 'tag'),
  );
  for (const field of fields.filter((candidate) => candidate.source === 'tag')) {
    const page = pages[field.page - 1];
    const origin = pageOrigin(page);
    page.drawRectangle({
      x: field.rect.x + origin.x,
      y: field.rect.y + origin.y,
      width: field.rect.width,
      height: field.rect.height,
      color: rgb(1, 1, 1),
      borderWidth: 0,
    });
  }
  flattenForm(pdf, fields);

  const attachmentNames = await attachFiles(pdf, request, finished);
  const filled = fields.filter((field) => field.recipientId && finished.has(field.recipientId));
  if (filled.length > 0) {
    const font = await embedFillFont(pdf);
    const images = new Map<string, RecipientImages>();
    for (const field of filled) {
      const recipient = finished.get(field.recipientId!)!;
      let recipientImages = images.get(recipient.recipientId);
      if (!recipientImages) {
        recipientImages = new RecipientImages(pdf, recipient);
        images.set(recipient.recipientId, recipientImages);
      }
      const page = pages[field.page - 1];
      const frame = fieldFrame(field.rect, rotationOf(field.page - 1), pageOrigin(page));
      drawField(
        { page, frame, font },
        field,
        recipient,
        recipientImages,
        attachmentNames,
        request.timeZone,
      );
    }
  }
  const bytes = await pdf.save({
    useObjectStreams: false,
    updateFieldAppearances: false,
    objectsPerTick: Infinity,
  });
  return { pdf: Buffer.from(bytes), pageCount: pages.length };
}
