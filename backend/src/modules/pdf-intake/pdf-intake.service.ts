import { Injectable, type OnApplicationShutdown } from '@nestjs/common';
import type { Field, PlacementPage, UploadedPdf } from '@prosign/domain';
import { PDFDocument, rgb } from 'pdf-lib';
import { PdfFileStore } from '../../integrations/documents';
import { AppConfig } from '../../platform/config/app-config';
import { removeActiveContent } from './active-content';
import { formFields } from './form-fields';
import { pageOrigins, placementPages } from './intake-places';
import { admitPdf, type UploadLimits } from './pdf-admission';
import { closeTextReaders } from './pdf-text-runs';
import { tagFields, type TagText } from './tag-fields';

/** What the upload's file is stored under (`stored_files.metadata`). */
const UPLOADED_PDF_KIND = 'uploaded-pdf';

/** What an uploaded PDF's stored file carries beside its bytes. */
export interface UploadedPdfMetadata {
  kind: typeof UPLOADED_PDF_KIND;
  /** The uploader's e-mail. */
  uploadedBy: string;
  pages: PlacementPage[];
  fields: Field[];
}

const MAX_FILE_NAME = 200;

/** The name to show for the file: its last path part, without control characters, ending .pdf. */
function uploadFileName(original: string | undefined): string {
  const base = (original ?? '').split(/[\\/]/).pop() ?? '';
  const clean = [...base]
    .filter((char) => char.charCodeAt(0) >= 0x20 && char.charCodeAt(0) !== 0x7f)
    .join('')
    .trim()
    .slice(0, MAX_FILE_NAME);
  if (!clean) return 'document.pdf';
  return /\.pdf$/i.test(clean) ? clean : `${clean}.pdf`;
}

function fieldsReport(fromForm: number, fromTags: number): string {
  const total = fromForm + fromTags;
  if (total === 0) return 'No fields found: place them in the builder.';
  return `${total} ${total === 1 ? 'field' : 'fields'} found: ${fromForm} from the form, ${fromTags} from tags`;
}

function signatureWarning(signed: number): string[] {
  if (signed === 0) return [];
  const these = signed === 1 ? 'a digital signature' : `${signed} digital signatures`;
  return [
    `The PDF carries ${these}: filling in fields and sealing will invalidate ${signed === 1 ? 'it' : 'them'}.`,
  ];
}

/** Covers each tag's text with white, so the page shows the field and not the words that asked for it. */
function blankTagTexts(document: PDFDocument, tagTexts: TagText[]): void {
  const origins = pageOrigins(document);
  const pages = document.getPages();
  for (const { page, rect } of tagTexts) {
    const origin = origins[page - 1];
    pages[page - 1].drawRectangle({
      x: rect.x + origin.x,
      y: rect.y + origin.y,
      width: rect.width,
      height: rect.height,
      color: rgb(1, 1, 1),
      borderWidth: 0,
    });
  }
}

/**
 * The intake of an uploaded PDF (the "document" family): admitted or refused before anything
 * is stored (pdf-admission.ts), cleaned of active content, read for the fields its form and its
 * text tags ask for, and stored once, cleaned, with its SHA-256. A file that needed no change
 * is stored byte for byte as uploaded.
 */
@Injectable()
export class PdfIntakeService implements OnApplicationShutdown {
  constructor(
    private readonly files: PdfFileStore,
    private readonly config: AppConfig,
  ) {}

  /** The pdf.js reader threads live between uploads; they end with the app. */
  async onApplicationShutdown(): Promise<void> {
    await closeTextReaders();
  }

  get limits(): UploadLimits {
    return {
      maxBytes: this.config.PDF_UPLOAD_MAX_MB * 1024 * 1024,
      maxPages: this.config.PDF_UPLOAD_MAX_PAGES,
    };
  }

  async intake(
    bytes: Buffer | undefined,
    originalName: string | undefined,
    uploadedBy: string,
  ): Promise<UploadedPdf> {
    const { document, textRuns } = await admitPdf(bytes, this.limits);
    const removed = removeActiveContent(document);
    const form = formFields(document);
    const tags = tagFields(textRuns);
    blankTagTexts(document, tags.tagTexts);
    const changed = removed.length > 0 || tags.tagTexts.length > 0;
    const stored = changed
      ? Buffer.from(await document.save({ useObjectStreams: false, updateFieldAppearances: false }))
      : bytes!;
    const fileName = uploadFileName(originalName);
    const pages = placementPages(document);
    const fields = [...form.fields, ...tags.fields];
    // The pages and fields found go with the file, so a draft made from it later starts there.
    const metadata: UploadedPdfMetadata = { kind: UPLOADED_PDF_KIND, uploadedBy, pages, fields };
    const { fileId, sha256 } = await this.files.put(stored, fileName, { ...metadata });
    return {
      uploadId: fileId,
      sha256,
      fileName,
      pageCount: pages.length,
      pages,
      fields,
      report: fieldsReport(form.fields.length, tags.fields.length),
      removed,
      warnings: [...signatureWarning(form.signedSignatures), ...form.problems, ...tags.problems],
    };
  }
  /**
   * An upload's stored name, pages and fields, for its uploader or an admin; null for anyone
   * else, a file that is no upload, or no file: the caller answers 404 alike, naming nothing.
   */
  async storedUpload(
    uploadId: string,
    staff: { email: string; isAdmin: boolean },
  ): Promise<{ fileName: string; metadata: UploadedPdfMetadata } | null> {
    const found = await this.files.describe(uploadId);
    const metadata = found?.metadata as Partial<UploadedPdfMetadata> | undefined;
    if (!found || metadata?.kind !== UPLOADED_PDF_KIND) return null;
    if (!staff.isAdmin && metadata.uploadedBy !== staff.email) return null;
    // Uploads stored before the pages went with the file: read them from it; no fields found.
    const pages =
      metadata.pages ??
      placementPages(
        await PDFDocument.load(await this.files.get(uploadId), { updateMetadata: false }),
      );
    return {
      fileName: found.filename,
      metadata: { ...metadata, pages, fields: metadata.fields ?? [] } as UploadedPdfMetadata,
    };
  }

  /**
   * An upload `staff` may read, with the bytes of `uploadId`: that upload when it is theirs (or
   * they are an admin), else a copy of it made theirs, as if they had uploaded it (a draft of a
   * template another member saved: the builder and the send read the file on the uploader's
   * terms). Null when the id names no upload.
   */
  async uploadFor(
    uploadId: string,
    staff: { email: string; isAdmin: boolean },
  ): Promise<string | null> {
    if (await this.storedUpload(uploadId, staff)) return uploadId;
    const found = await this.files.describe(uploadId);
    const metadata = found?.metadata as Partial<UploadedPdfMetadata> | undefined;
    if (!found || metadata?.kind !== UPLOADED_PDF_KIND) return null;
    const copy = await this.files.put(await this.files.get(uploadId), found.filename, {
      ...metadata,
      uploadedBy: staff.email,
    });
    return copy.fileId;
  }

  /** Ids of uploads stored before `before`, oldest first, at most `limit`: a clean-up's candidates. */
  uploadsStoredBefore(before: Date, limit: number): Promise<string[]> {
    return this.files.idsOfKindStoredBefore(UPLOADED_PDF_KIND, before, limit);
  }

  /** Removes an upload's file (the clean-up, once nothing uses it). */
  async deleteUpload(uploadId: string): Promise<void> {
    await this.files.delete(uploadId);
  }

  /** The stored (cleaned) bytes of an upload, on the terms of {@link storedUpload}. */
  async storedPdf(
    uploadId: string,
    staff: { email: string; isAdmin: boolean },
  ): Promise<{ fileName: string; pdf: Buffer } | null> {
    const upload = await this.storedUpload(uploadId, staff);
    return upload ? { fileName: upload.fileName, pdf: await this.files.get(uploadId) } : null;
  }
}
