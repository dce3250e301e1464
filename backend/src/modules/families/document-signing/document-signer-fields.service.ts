import {
  BadRequestException,
  ConflictException,
  Injectable,
  NotFoundException,
  PayloadTooLargeException,
} from '@nestjs/common';
import {
  attachmentFileProblem,
  capitalisedFieldName,
  fieldDisplayName,
  DOCUMENT_FAMILY_DEFINITION,
  extractDocId,
  familyDefinition,
  givenValuesProblems,
  requiredProgress,
  SINGLE_SIGNER_RECIPIENT_ID,
  submittedValuesProblems,
  type AttachmentField,
  type DocumentAttachmentInfo,
  type DocumentFieldValuesSaved,
  type DocumentSigningRecipient,
  type DocumentSigningView,
  type Field,
  type FieldValue,
  type Recipient,
} from '@prosign/domain';
import { randomBytes } from 'node:crypto';
import {
  DocumentRepository,
  PdfFileStore,
  type PlacedFieldValues,
} from '../../../integrations/documents';
import { familyConfig, recipientsOf, type AgreementDocument } from '../../agreements';
import type { SignerAttachment, SignerFieldValues } from '../../signing';
import { attachmentContentType } from './attachment-content-type';
import {
  DocumentFieldEntryRepository,
  type DocumentFieldEntryDoc,
  type FieldEntryChange,
  type StoredAttachment,
} from './document-field-entry.repository';
import {
  attachmentName,
  attachmentValueProblems,
  effectiveValues,
  fieldLabelOf,
  infoOf,
  ownValueProblems,
  placedOf,
  signedMarks,
} from './field-entry-values';

/** The family whose agreements are uploaded PDFs with fields placed on them. */
const DOCUMENT_FAMILY = DOCUMENT_FAMILY_DEFINITION.id;

/** The most an attachment may be, whatever its field allows: the upload is held in memory. */
export const ATTACHMENT_UPLOAD_MAX_BYTES = 25 * 1024 * 1024;

/** What a signer's link opened: the agreement and whose link it is (null: the first signer's). */
export interface FieldSeat {
  agreement: AgreementDocument<object>;
  recipientId: string | null;
}

/** How often a save is tried again when another save of the same recipient landed in between. */
const SAVE_TRIES = 3;

/**
 * The signer's side of a "document" agreement: the fields each recipient fills on the uploaded
 * PDF (their values and attachments kept in `document_field_entries` until they finish), the
 * check before they finish, and the values placed with their signature (SignerFieldValues).
 */
@Injectable()
export class DocumentSignerFields implements SignerFieldValues {
  constructor(
    private readonly entries: DocumentFieldEntryRepository,
    private readonly documents: DocumentRepository,
    private readonly files: PdfFileStore,
  ) {}

  // ── SignerFieldValues: what the finish asks ──

  async finishProblems(agreement: AgreementDocument<object>, recipientId: string) {
    if (agreement.family !== DOCUMENT_FAMILY) return [];
    const { fields } = await this.placementOf(agreement);
    // The countersigner's fields are stamped from the countersignature.
    if (this.recipientOf(agreement, recipientId)?.role === 'countersigner') return [];
    const { own: entry } = await this.entryOf(agreement, recipientId);
    const values = {
      ...effectiveValues(fields, entry, recipientId),
      ...(this.signatureSaved(agreement, recipientId) ? signedMarks(fields, recipientId) : {}),
    };
    return [
      ...submittedValuesProblems(fields, values, recipientId),
      ...attachmentValueProblems(fields, values, entry, recipientId),
    ];
  }

  async valuesOf(
    agreement: AgreementDocument<object>,
    recipientId: string,
    who: { name: string; email: string },
  ): Promise<PlacedFieldValues | null> {
    if (agreement.family !== DOCUMENT_FAMILY) return null;
    const { fields } = await this.placementOf(agreement);
    // The countersigner's fields are stamped from the countersignature alone.
    if (this.recipientOf(agreement, recipientId)?.role === 'countersigner') {
      return { ...who, values: signedMarks(fields, recipientId), attachments: {} };
    }
    const { own: entry } = await this.entryOf(agreement, recipientId);
    const values = {
      ...effectiveValues(fields, entry, recipientId),
      ...signedMarks(fields, recipientId),
    };
    const given = Object.entries(values).filter(([, value]) => value !== null);
    const attachments = (entry?.attachments ?? []).filter(
      (attachment) => values[attachment.fieldId] === attachment.id,
    );
    return {
      ...who,
      values: Object.fromEntries(given),
      attachments: Object.fromEntries(attachments.map((a) => [a.fieldId, placedOf(a)])),
    };
  }

  // ── The signer's calls ──

  /** `GET /api/document/fields/:customId`: the document as this link's recipient fills it. */
  async view(seat: FieldSeat, customId: string): Promise<DocumentSigningView> {
    const { agreement } = seat;
    const recipientId = seat.recipientId ?? SINGLE_SIGNER_RECIPIENT_ID;
    const uploaded = await this.uploadedOf(agreement);
    const { own: entry } = await this.entryOf(agreement, recipientId);
    return {
      title: familyConfig(agreement.family).title(agreement.form),
      fileName: uploaded.fileName,
      pdfUrl: `/api/${familyDefinition(agreement.family).apiPrefix}/pdf/${encodeURIComponent(customId)}`,
      pages: uploaded.placement.pages,
      fields: uploaded.placement.fields,
      recipientId,
      recipients: this.signingRecipientsOf(agreement).map(
        (recipient): DocumentSigningRecipient => ({
          id: recipient.id,
          name: recipient.name,
          role: recipient.role === 'countersigner' ? 'countersigner' : 'signer',
          signed: recipient.state === 'signed',
        }),
      ),
      values: effectiveValues(uploaded.placement.fields, entry, recipientId),
      attachments: Object.fromEntries(
        (entry?.attachments ?? []).map((attachment) => [attachment.fieldId, infoOf(attachment)]),
      ),
      timeZone: uploaded.timeZone,
    };
  }

  /**
   * `PUT /api/document/field-values/:customId`: some of the recipient's values (null clears
   * one). Each is checked; 400 naming every problem, nothing saved.
   */
  async saveValues(
    seat: FieldSeat,
    given: Record<string, FieldValue>,
  ): Promise<DocumentFieldValuesSaved> {
    const { agreement } = seat;
    const recipientId = seat.recipientId ?? SINGLE_SIGNER_RECIPIENT_ID;
    const { fields } = await this.placementOf(agreement);
    const signatureSaved = this.signatureSaved(agreement, recipientId);
    for (let tries = 0; tries < SAVE_TRIES; tries += 1) {
      const { read, own: entry, heldBy } = await this.entryOf(agreement, recipientId);
      const problems = [
        ...givenValuesProblems(fields, given, recipientId),
        ...ownValueProblems(fields, given, recipientId, entry, signatureSaved),
      ];
      if (problems.length > 0) throw new BadRequestException(problems);
      const saved = new Map((entry?.values ?? []).map((item) => [item.fieldId, item.value]));
      for (const [fieldId, value] of Object.entries(given)) saved.set(fieldId, value ?? null);
      const change: FieldEntryChange = {
        heldBy,
        values: [...saved].map(([fieldId, value]) => ({ fieldId, value })),
        attachments: entry?.attachments ?? [],
      };
      if (await this.saveOver(agreement, recipientId, { read, own: entry }, change)) {
        const values = effectiveValues(fields, { ...change }, recipientId);
        return { values, progress: requiredProgress(fields, values, recipientId) };
      }
    }
    throw new ConflictException('Your fields changed in another window: reload the page.');
  }

  /**
   * `POST /api/document/attachments/:customId`: a file for one of the recipient's attachment
   * fields, typed by its content and checked against the field; it replaces (and deletes) the
   * recipient's previous file for that field, and becomes the field's value. Refused (400, 413
   * too large) with the reason, nothing stored.
   */
  async attach(
    seat: FieldSeat,
    fieldId: string | undefined,
    file: { buffer: Buffer; originalname?: string } | undefined,
  ): Promise<DocumentAttachmentInfo> {
    const { agreement } = seat;
    const recipientId = seat.recipientId ?? SINGLE_SIGNER_RECIPIENT_ID;
    const { fields } = await this.placementOf(agreement);
    const field = fields.find(
      (candidate): candidate is AttachmentField =>
        candidate.id === fieldId &&
        candidate.kind === 'attachment' &&
        candidate.recipientId === recipientId,
    );
    if (!fieldId) throw new BadRequestException('Say which field the file is for (fieldId).');
    if (!field) throw new BadRequestException(`There is no attachment field “${fieldId}” for you.`);
    if (!file || file.buffer.length === 0) {
      throw new BadRequestException(`Choose a file for ${fieldDisplayName(field)}.`);
    }
    const bytes = file.buffer.length;
    const type = attachmentContentType(file.buffer);
    const name = attachmentName(file.originalname);
    if (!type) {
      throw new BadRequestException(
        `${name} is not a file we can recognise: ${capitalisedFieldName(field)} takes ${field.allowedTypes.join(', ')} files.`,
      );
    }
    const typeProblem = attachmentFileProblem(field, { type, bytes: 0 });
    if (typeProblem) throw new BadRequestException(`${name} is ${type}. ${typeProblem}`);
    const sizeProblem = attachmentFileProblem(field, { type, bytes });
    if (sizeProblem) throw new PayloadTooLargeException(sizeProblem);

    const agreementId = String(agreement._id);
    const id = randomBytes(12).toString('hex');
    const stored = await this.files.put(file.buffer, name, {
      kind: 'signer-attachment',
      agreementId,
      recipientId,
      fieldId: field.id,
      attachmentId: id,
    });
    const attachment: StoredAttachment = {
      id,
      fileId: stored.fileId,
      fieldId: field.id,
      name,
      type,
      bytes,
      sha256: stored.sha256,
      uploadedAt: new Date(),
    };
    try {
      const replaced = await this.replaceAttachment(agreement, recipientId, attachment);
      // Only once the entry names the new file: a failed save leaves the old one in place.
      if (replaced) await this.files.delete(replaced.fileId);
    } catch (error) {
      await this.files.delete(stored.fileId);
      throw error;
    }
    return infoOf(attachment);
  }

  // ── Staff and the finish ──

  /** The files the recipients attached, as placed with their signatures, in signing order. */
  async attachmentsOf(agreement: AgreementDocument<object>): Promise<SignerAttachment[]> {
    if (agreement.family !== DOCUMENT_FAMILY) return [];
    const record = await this.documents.find(docIdOf(agreement));
    const fields = record?.uploaded?.placement.fields ?? [];
    const placed = record?.fieldValues ?? {};
    return this.signingRecipientsOf(agreement).flatMap((recipient) => {
      const values = placed[recipient.id];
      if (!values) return [];
      return Object.entries(values.attachments ?? {}).map(([fieldId, attachment]) => ({
        recipient: `${values.name} <${values.email}>`,
        fieldLabel: fieldLabelOf(fields, fieldId),
        fileName: attachment.name,
        bytes: attachment.bytes,
        sha256: attachment.sha256,
        fileId: attachment.fileId,
        type: attachment.type,
      }));
    });
  }

  /** An attachment's name, type and bytes, for staff; null when the agreement has none by that id. */
  async attachmentFile(
    agreementId: string,
    attachmentId: string,
  ): Promise<{ name: string; bytes: Buffer } | null> {
    const entries = await this.entries.listOf(agreementId);
    const attachment = entries
      .flatMap((entry) => entry.attachments)
      .find((candidate) => candidate.id === attachmentId);
    if (!attachment) return null;
    return { name: attachment.name, bytes: await this.files.get(attachment.fileId) };
  }

  // ── Inside ──

  private async replaceAttachment(
    agreement: AgreementDocument<object>,
    recipientId: string,
    attachment: StoredAttachment,
  ): Promise<StoredAttachment | null> {
    for (let tries = 0; tries < SAVE_TRIES; tries += 1) {
      const { read, own: entry, heldBy } = await this.entryOf(agreement, recipientId);
      const previous =
        entry?.attachments.find((candidate) => candidate.fieldId === attachment.fieldId) ?? null;
      const change: FieldEntryChange = {
        heldBy,
        attachments: [
          ...(entry?.attachments ?? []).filter((a) => a.fieldId !== attachment.fieldId),
          attachment,
        ],
        values: [
          ...(entry?.values ?? []).filter((v) => v.fieldId !== attachment.fieldId),
          { fieldId: attachment.fieldId, value: attachment.id },
        ],
      };
      if (await this.saveOver(agreement, recipientId, { read, own: entry }, change)) {
        return previous;
      }
    }
    throw new ConflictException('Your fields changed in another window: reload the page.');
  }

  /**
   * The recipient's entry: `read` as stored (what a save is conditioned on), `own` only when it
   * is the current holder's (null once the place was handed over to someone else).
   */
  private async entryOf(agreement: AgreementDocument<object>, recipientId: string) {
    const read = await this.entries.find(String(agreement._id), recipientId);
    const heldBy = (this.recipientOf(agreement, recipientId)?.email ?? '').trim().toLowerCase();
    return { read, own: read?.heldBy === heldBy ? read : null, heldBy };
  }

  /**
   * Saves `change` over the entry as read; a previous holder's files go once it is replaced.
   * False when another save landed first.
   */
  private async saveOver(
    agreement: AgreementDocument<object>,
    recipientId: string,
    { read, own }: { read: DocumentFieldEntryDoc | null; own: DocumentFieldEntryDoc | null },
    change: FieldEntryChange,
  ): Promise<boolean> {
    if (!(await this.entries.save(String(agreement._id), recipientId, read, change))) return false;
    if (read && !own) {
      for (const stale of read.attachments) await this.files.delete(stale.fileId);
    }
    return true;
  }

  /** The uploaded PDF and its fields; 404 for an agreement that has none. */
  private async uploadedOf(agreement: AgreementDocument<object>) {
    const record = await this.documents.find(docIdOf(agreement));
    if (!record?.uploaded) throw new NotFoundException('This agreement has no fields to fill.');
    return record.uploaded;
  }

  private async placementOf(agreement: AgreementDocument<object>): Promise<{ fields: Field[] }> {
    return (await this.uploadedOf(agreement)).placement;
  }

  /** The recipients who sign (not copies), in their order. */
  private signingRecipientsOf(agreement: AgreementDocument<object>): Recipient[] {
    const parties = familyConfig(agreement.family).parties(agreement.form);
    return recipientsOf(agreement, { name: parties.signerName, email: parties.signerEmail })
      .filter((recipient) => recipient.role !== 'cc')
      .sort((a, b) => a.order - b.order);
  }

  private recipientOf(agreement: AgreementDocument<object>, recipientId: string) {
    return this.signingRecipientsOf(agreement).find((recipient) => recipient.id === recipientId);
  }

  /** Whether the recipient saved their signature (their signature fields may then say so). */
  private signatureSaved(agreement: AgreementDocument<object>, recipientId: string): boolean {
    const state = this.recipientOf(agreement, recipientId)?.state;
    return state === 'signature-saved' || state === 'signed';
  }
}

function docIdOf(agreement: Pick<AgreementDocument<object>, 'docLink'>): string {
  return extractDocId(agreement.docLink) ?? agreement.docLink;
}
