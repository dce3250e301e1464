import type { PDFDocument, PDFObject, PDFRef } from 'pdf-lib';

/**
 * One incremental update (ISO 32000 §7.5.6) appended to a PDF the sealer just
 * wrote: new and changed objects, a cross-reference section for them only and
 * a trailer pointing back to the previous one. The bytes before it stay as they
 * are, so the signatures over them stay valid. `doc` is the pdf-lib document
 * the PDF was saved from (its objects and numbering are the file's); changed
 * objects are taken from it as they are in memory.
 */
export class IncrementalUpdate {
  private readonly objects = new Map<number, { ref: PDFRef; bytes: Buffer }>();

  constructor(private readonly doc: PDFDocument) {}

  /** A new object, numbered after the file's last. */
  add(object: PDFObject): PDFRef {
    const ref = this.doc.context.nextRef();
    this.set(ref, object);
    return ref;
  }

  /** A new object given as its PDF text (a signature dictionary with placeholders). */
  addRaw(text: string): PDFRef {
    const ref = this.doc.context.nextRef();
    this.objects.set(ref.objectNumber, { ref, bytes: Buffer.from(text, 'latin1') });
    return ref;
  }

  /** `ref` written again with `object`'s current content. */
  set(ref: PDFRef, object: PDFObject): void {
    const bytes = Buffer.alloc(object.sizeInBytes());
    object.copyBytesInto(bytes, 0);
    this.objects.set(ref.objectNumber, { ref, bytes });
  }

  /** `pdf` followed by this update; with where each object of it starts. */
  appendTo(pdf: Buffer): { pdf: Buffer; offsets: Map<number, number> } {
    const previous = lastStartXref(pdf);
    const parts: Buffer[] = [pdf];
    let length = pdf.length;
    const push = (text: string | Buffer) => {
      const bytes = typeof text === 'string' ? Buffer.from(text, 'latin1') : text;
      parts.push(bytes);
      length += bytes.length;
    };
    if (pdf[pdf.length - 1] !== 0x0a) push('\n');
    const offsets = new Map<number, number>();
    const sorted = [...this.objects.values()].sort(
      (a, b) => a.ref.objectNumber - b.ref.objectNumber,
    );
    for (const { ref, bytes } of sorted) {
      offsets.set(ref.objectNumber, length);
      push(`${ref.objectNumber} ${ref.generationNumber} obj\n`);
      push(bytes);
      push('\nendobj\n');
    }
    const xrefAt = length;
    let xref = 'xref\n';
    for (let i = 0; i < sorted.length;) {
      let end = i + 1;
      while (
        end < sorted.length &&
        sorted[end].ref.objectNumber === sorted[end - 1].ref.objectNumber + 1
      )
        end += 1;
      xref += `${sorted[i].ref.objectNumber} ${end - i}\n`;
      for (const { ref } of sorted.slice(i, end)) {
        const offset = String(offsets.get(ref.objectNumber)).padStart(10, '0');
        xref += `${offset} ${String(ref.generationNumber).padStart(5, '0')} n\r\n`;
      }
      i = end;
    }
    const { Root, Info, ID } = this.doc.context.trailerInfo;
    const entries = [
      `/Size ${this.doc.context.largestObjectNumber + 1}`,
      `/Root ${String(Root)}`,
      Info ? `/Info ${String(Info)}` : '',
      ID ? `/ID ${String(ID)}` : '',
      `/Prev ${previous}`,
    ].filter(Boolean);
    push(`${xref}trailer\n<<\n${entries.join('\n')}\n>>\nstartxref\n${xrefAt}\n%%EOF\n`);
    return { pdf: Buffer.concat(parts, length), offsets };
  }
}

/** The offset the file's last `startxref` gives (its newest cross-reference section). */
function lastStartXref(pdf: Buffer): number {
  const tail = pdf.subarray(Math.max(0, pdf.length - 1024)).toString('latin1');
  const found = [...tail.matchAll(/startxref\s+(\d+)/g)].at(-1);
  if (!found) throw new Error('The PDF has no startxref');
  return Number(found[1]);
}
