import { BadRequestException, PayloadTooLargeException } from '@nestjs/common';
import { PDFDocument } from 'pdf-lib';
import { PdfJsReadError, readTextRuns, type PageTextRuns } from './pdf-text-runs';
import { pagesThatMayHoldTags } from './tag-candidate-pages';

/** The limits an upload is held to (PDF_UPLOAD_MAX_MB, PDF_UPLOAD_MAX_PAGES). */
export interface UploadLimits {
  maxBytes: number;
  maxPages: number;
}

/** A PDF both readers opened: pdf-lib's objects (to clean and read the form) and pdf.js's text. */
export interface AdmittedPdf {
  document: PDFDocument;
  textRuns: PageTextRuns[];
}

const PDF_MAGIC = '%PDF-';
/** How far into the file the header may start: readers accept a little junk before it. */
const HEADER_SEARCH_BYTES = 1024;

export function tooLarge(limits: UploadLimits): PayloadTooLargeException {
  return new PayloadTooLargeException(
    `The PDF is larger than ${limits.maxBytes / (1024 * 1024)} MB, the most an upload may be.`,
  );
}

/** The PDF header's offset: a file is a PDF by its content, whatever its name or type says. */
function headerOffset(bytes: Buffer): number {
  return bytes.subarray(0, HEADER_SEARCH_BYTES).indexOf(PDF_MAGIC, 0, 'latin1');
}

async function loadWithPdfLib(bytes: Buffer): Promise<PDFDocument> {
  try {
    // ignoreEncryption: load to see the /Encrypt entry and refuse with our own words below.
    const document = await PDFDocument.load(bytes, {
      ignoreEncryption: true,
      updateMetadata: false,
      throwOnInvalidObject: false,
    });
    // Reading the page tree is where a file without a catalog or pages fails.
    document.getPageCount();
    return document;
  } catch {
    throw new BadRequestException(
      'The PDF is damaged and cannot be read. Open it in a PDF reader and save or print it to a new PDF, then upload that.',
    );
  }
}

async function readText(bytes: Buffer, pagesToRead: number[]): Promise<PageTextRuns[]> {
  try {
    return await readTextRuns(bytes, pagesToRead);
  } catch (error) {
    if (error instanceof PdfJsReadError && error.exceptionName === 'PasswordException') {
      throw encrypted();
    }
    throw new BadRequestException(
      'The PDF is damaged and cannot be read. Open it in a PDF reader and save or print it to a new PDF, then upload that.',
    );
  }
}

function encrypted(): BadRequestException {
  return new BadRequestException(
    'The PDF is encrypted or password-protected. Remove the protection (save an unprotected copy) and upload that.',
  );
}

/**
 * Admits an upload or refuses it with the reason, before anything is stored: over the size
 * limit (413), not a PDF by its content, damaged beyond what pdf-lib and pdf.js repair,
 * encrypted (even with an empty user password: its owner restrictions would not survive the
 * cleaning, and fields cannot be written into it), without pages, or over the page limit.
 */
export async function admitPdf(
  bytes: Buffer | undefined,
  limits: UploadLimits,
): Promise<AdmittedPdf> {
  if (!bytes || bytes.length === 0) {
    throw new BadRequestException('Choose a PDF file to upload (multipart field "file").');
  }
  if (bytes.length > limits.maxBytes) throw tooLarge(limits);
  if (headerOffset(bytes) < 0) {
    throw new BadRequestException(
      'The file is not a PDF: its content does not start with a PDF header, whatever its name.',
    );
  }
  const document = await loadWithPdfLib(bytes);
  if (document.isEncrypted) throw encrypted();
  const pageCount = document.getPageCount();
  if (pageCount === 0) throw new BadRequestException('The PDF has no pages.');
  if (pageCount > limits.maxPages) {
    throw new PayloadTooLargeException(
      `The PDF has ${pageCount} pages; an upload may have at most ${limits.maxPages}.`,
    );
  }
  // pdf.js opens every page (the page tree must read alike), and reads the text of those that may hold a tag.
  const textRuns = await readText(bytes, pagesThatMayHoldTags(document));
  if (textRuns.length !== pageCount) {
    throw new BadRequestException(
      'The PDF is damaged: its page tree does not read the same way twice. Save or print it to a new PDF, then upload that.',
    );
  }
  return { document, textRuns };
}
