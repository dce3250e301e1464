import { Inject, Injectable } from '@nestjs/common';
import {
  familyDefinition,
  isAgreementFamily,
  CRM_CONTRACT_STATUS_OF,
  crmAgreementTitle,
  crmNoteText,
  crmSignedFileName,
  isCrmNoteOnlyEvent,
  pacificDateOf,
  type AgreementFamily,
  type CrmRecordEvent,
} from '@prosign/domain';
import { createHash } from 'node:crypto';
import {
  CRM_PORT,
  CrmSearchLagError,
  type CrmNoteTarget,
  type CrmPort,
} from '../../integrations/crm';
import { PdfFileStore } from '../../integrations/documents';
import { AppConfig } from '../../platform/config/app-config';
import { DocumentPdfService } from '../documents';
import { contactsByEmail } from './crm-flow-shapes';
import { CRM_SIGNING_LINKS, type CrmSigningLinks } from './crm-signing-links.port';
import type { CrmStageMoveDoc, CrmWriteStep } from './crm-stage-move.repository';

/** Records a create about to be asked for (where the CRM's search lags). */
export type CrmWriteProgress = (tried: CrmWriteStep) => Promise<void>;

/**
 * The agreement on its CRM record, as one queued write's first steps:
 * the sealed PDF (when signed) or the VOID-stamped one (when voided) kept as a private file in
 * its family's folder, then a short note with the file attached on the agreement's deal or
 * project and on the signer's contact. A retry after a crash between the upload and the note (or
 * after the note) creates neither twice: the file is looked up by the name its marker is in, the
 * note by the id the write recorded; only a note whose create's answer was lost is looked for by
 * the marker, where signer text cannot reach it (`CrmPort.findNote`). What was done is returned,
 * for the write's record to keep with its end.
 */
@Injectable()
export class CrmAgreementRecord {
  constructor(
    @Inject(CRM_PORT) private readonly crm: CrmPort,
    private readonly documentPdfs: DocumentPdfService,
    private readonly config: AppConfig,
    @Inject(CRM_SIGNING_LINKS) private readonly signingLinks: CrmSigningLinks,
    private readonly storedFiles: PdfFileStore,
  ) {}

  async write(move: CrmStageMoveDoc, progress: CrmWriteProgress): Promise<CrmWriteStep> {
    const family = familyOfKey(move._id);
    const place = familyDefinition(family);
    const marker = crmMarkerOf(move._id);
    // Every note of one agreement names it alike (writes queued before the title was kept: the family's name).
    const title = crmAgreementTitle(family, move.title);
    let fileId = move.fileId ?? null;
    // Before the note (which shows them with the sealed PDF): each once, found by its marker.
    const attachmentIds = move.noteId ? [] : await this.attachedFiles(move, marker, progress);
    if ((move.milestone === 'signed' || move.milestone === 'voided') && move.link && !fileId) {
      const folder = place.crm.fileFolder;
      const name = crmSignedFileName(
        title,
        marker,
        move.milestone === 'voided' ? 'void' : 'signed',
      );
      let file = await this.crm.findFile(folder, name);
      if (!file) {
        this.waitForSearch(move.fileTriedAt, 'file');
        await this.noteTry(progress, { fileTriedAt: new Date() });
        file = await this.crm.uploadFile({
          folder,
          name,
          bytes: (await this.documentPdfs.pdfOf(move.link)).pdf,
          contentType: 'application/pdf',
        });
      }
      fileId = file.id;
    }
    const done = (noteId: string): CrmWriteStep => (fileId ? { fileId, noteId } : { noteId });
    // The note by the id its create answered with, recorded at once below.
    if (move.noteId) return done(move.noteId);
    const event = move.milestone as CrmRecordEvent;
    // Where tries are recorded (a lagging search), only a create whose answer was lost is looked
    // for; the local CRM answers from its own marker field.
    const found =
      move.noteTriedAt || this.crm.searchLagMs === 0 ? await this.crm.findNote(marker) : null;
    if (found) return done(found);
    this.waitForSearch(move.noteTriedAt, 'note');
    await this.noteTry(progress, { noteTriedAt: new Date() });
    const noteId = await this.crm.addNote({
      body: crmNoteText(event, {
        // A decline queued before its facts were kept carries its whole text: quoted too.
        ...(move.facts ?? (move.note ? { words: move.note } : {})),
        title,
        cardLink: this.cardLink(family),
        at: move.createdAt,
      }),
      at: move.createdAt,
      marker,
      on: await this.noteTargets(move),
      attachmentIds: [...(fileId ? [fileId] : []), ...attachmentIds],
    });
    await this.noteTry(progress, { noteId });
    return done(noteId);
  }

  /**
   * The files signers attached to a signed agreement, kept beside its sealed PDF (each named by
   * the write's marker and its place, so a retry finds it rather than filing it twice).
   */
  private async attachedFiles(
    move: CrmStageMoveDoc,
    marker: string,
    progress: CrmWriteProgress,
  ): Promise<string[]> {
    if (move.milestone !== 'signed' || !move.attachments?.length) return [];
    const folder = familyDefinition(familyOfKey(move._id)).crm.fileFolder;
    const ids: string[] = [];
    for (const [index, attachment] of move.attachments.entries()) {
      const name = crmAttachmentFileName(marker, index + 1, attachment.name);
      let file = await this.crm.findFile(folder, name);
      if (!file) {
        this.waitForSearch(move.fileTriedAt, 'file');
        await this.noteTry(progress, { fileTriedAt: new Date() });
        file = await this.crm.uploadFile({
          folder,
          name,
          bytes: await this.storedFiles.get(attachment.fileId),
          contentType: attachment.contentType,
        });
      }
      ids.push(file.id);
    }
    return ids;
  }

  /** Records when a create is asked for, where the CRM's search lags (nothing to wait for else). */
  private async noteTry(progress: CrmWriteProgress, tried: CrmWriteStep): Promise<void> {
    if (this.crm.searchLagMs > 0) await progress(tried);
  }

  /**
   * Refuses to create again what the last try may have created while the CRM's search may not
   * show it yet (HubSpot's index lags a few seconds): the write waits and looks again.
   */
  private waitForSearch(triedAt: Date | null | undefined, what: 'file' | 'note'): void {
    const wait = triedAt ? triedAt.getTime() + this.crm.searchLagMs - Date.now() : 0;
    if (wait > 0) throw new CrmSearchLagError(wait, what);
  }

  /**
   * The deal properties a write keeps current: the agreement's status, the
   * signing date, and the link property: the live signing link while the agreement is open
   * (read now: after a hand-over or a resend the new one), the sealed or VOID
   * PDF after, nothing once the link closed without one (a decline, a cancel, an expiry). A
   * property named `none` is not written.
   */
  async propertiesOf(move: CrmStageMoveDoc): Promise<Record<string, string>> {
    const properties: Record<string, string> = {};
    const set = (name: string, value: string) => {
      if (name !== 'none') properties[name] = value;
    };
    const link = move.signingLinkOf
      ? ((await this.signingLinks.liveSigningLinkOf(move.signingLinkOf)) ?? '')
      : (move.link ?? '');
    // A first view, a hand-over, an invoice: only a note; the status is what signers did. A
    // hand-over's new link still replaces the closed one.
    if (isCrmNoteOnlyEvent(move.milestone)) {
      if (move.signingLinkOf) set(this.config.CRM_CONTRACT_LINK_PROPERTY, link);
      return properties;
    }
    const status = CRM_CONTRACT_STATUS_OF[move.milestone as keyof typeof CRM_CONTRACT_STATUS_OF];
    set(this.config.CRM_CONTRACT_STATUS_PROPERTY, status);
    if (move.milestone === 'signed') {
      set(this.config.CRM_SIGNED_DATE_PROPERTY, pacificDateOf(move.createdAt));
    }
    set(this.config.CRM_CONTRACT_LINK_PROPERTY, link);
    return properties;
  }

  /** The note's records: the deal (or the project), then the signer's contact if the CRM has one. */
  private async noteTargets(move: CrmStageMoveDoc): Promise<CrmNoteTarget[]> {
    const record: CrmNoteTarget = move.dealId
      ? { type: 'deals', id: move.dealId }
      : { type: 'projects', id: move.projectId ?? '' };
    if (!record.id) throw new Error(`CRM write ${move._id} names no deal and no project`);
    const contactId = move.signerEmail ? await this.contactIdOf(move.signerEmail) : null;
    return contactId ? [record, { type: 'contacts', id: contactId }] : [record];
  }

  private async contactIdOf(email: string): Promise<string | null> {
    const { records } = await this.crm.search('contacts', contactsByEmail(email));
    return records[0]?.id ?? null;
  }

  /** Where staff see the agreement's card: its family's dashboard. */
  private cardLink(family: AgreementFamily): string {
    const base = this.config.PUBLIC_SHELL_URL.replace(/\/+$/, '');
    return `${base}${familyDefinition(family).dashboard.path}`;
  }
}

/**
 * The family a write's key names (`{family}-{milestone}.{agreementId}`). A family this
 * process does not know (not registered here) fails the write, to be retried, rather
 * than file it under another family's folder and dashboard.
 */
function familyOfKey(key: string): AgreementFamily {
  const family = key.slice(0, key.indexOf('-'));
  if (!isAgreementFamily(family)) {
    throw new Error(`CRM write ${key} names no registered contract family`);
  }
  return family;
}

/** The token a write leaves in what it creates (a note's text, a file's name): `ps-` and 16 hex digits of its key's hash. */
export function crmMarkerOf(key: string): string {
  return `ps-${createHash('sha256').update(key).digest('hex').slice(0, 16)}`;
}

/** An attached file's name on the CRM: the write's marker and its place, then its own name. */
function crmAttachmentFileName(marker: string, place: number, name: string): string {
  const safe = name
    .replace(/[\\/:*?"<>|]+/g, ' ')
    .replace(/\s+/g, ' ')
    .trim()
    .slice(0, 120);
  return `${marker} attachment ${place} ${safe || 'file'}`;
}
