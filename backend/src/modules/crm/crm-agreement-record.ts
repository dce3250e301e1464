import { Inject, Injectable } from '@nestjs/common';
import {
  AGREEMENT_FAMILIES,
  CRM_CONTRACT_STATUS_OF,
  CRM_FILE_FOLDERS,
  crmNoteText,
  pacificDateOf,
  crmSignedFileName,
  type AgreementFamily,
} from '@prosign/domain';
import { createHash } from 'node:crypto';
import { CRM_PORT, type CrmPort } from '../../integrations/crm';
import { AppConfig } from '../../platform/config/app-config';
import { DocumentsService } from '../documents';
import type { CrmStageMoveDoc } from './crm-stage-move.repository';

/** What a write already did, recorded as it goes. */
export type CrmWriteProgress = (done: { fileId?: string; noteId?: string }) => Promise<void>;

/**
 * The agreement on its CRM record (issue 36 items 1 and 2), as one queued write's first steps:
 * the sealed PDF kept as a private file in its family's folder (when signed), then a short note
 * on the deal's timeline with the file attached. Each step is looked up by the write's marker
 * before it is created and recorded once done, so a retry after a crash between the upload and
 * the note (or after the note) creates neither twice.
 */
@Injectable()
export class CrmAgreementRecord {
  constructor(
    @Inject(CRM_PORT) private readonly crm: CrmPort,
    private readonly documents: DocumentsService,
    private readonly config: AppConfig,
  ) {}

  async write(move: CrmStageMoveDoc, progress: CrmWriteProgress): Promise<void> {
    const family = familyOfKey(move._id);
    const marker = crmMarkerOf(move._id);
    let fileId = move.fileId ?? null;
    let title: string | null = null;
    // The sealed PDF on signature, the VOID-stamped one on void (item 1).
    if ((move.milestone === 'signed' || move.milestone === 'voided') && move.link) {
      const pdf = await this.documents.pdfOf(move.link);
      title = pdf.title.replace(/\s*\(signed\)\s*$/i, '').replace(/^VOID:\s*/, '');
      if (!fileId) {
        const folder = CRM_FILE_FOLDERS[family];
        const name = crmSignedFileName(
          title,
          marker,
          move.milestone === 'voided' ? 'void' : 'signed',
        );
        const file =
          (await this.crm.findFile(folder, name)) ??
          (await this.crm.uploadFile({
            folder,
            name,
            bytes: pdf.pdf,
            contentType: 'application/pdf',
          }));
        fileId = file.id;
        await progress({ fileId });
      }
    }
    if (move.noteId) return;
    title ??= await this.dealTitle(move.dealId);
    const noteId =
      (await this.crm.findNote(marker)) ??
      (await this.crm.addNote({
        body: crmNoteText(move.milestone, {
          title,
          cardLink: this.cardLink(family),
          detail: move.note ?? null,
        }),
        at: move.createdAt,
        marker,
        on: [{ type: 'deals', id: move.dealId }],
        attachmentIds: fileId ? [fileId] : [],
      }));
    await progress({ noteId });
  }

  /**
   * The deal properties a write keeps current (issue 36 item 4): the agreement's status, the
   * signing date, and the link property (the signing link while open, the sealed or VOID PDF
   * after, nothing once the link closed without one). A property named `none` is not written.
   */
  propertiesOf(move: CrmStageMoveDoc): Record<string, string> {
    const properties: Record<string, string> = {};
    const set = (name: string, value: string) => {
      if (name !== 'none') properties[name] = value;
    };
    // A first view is only a note: the agreement's status is what staff and signers did.
    if (move.milestone === 'viewed') return properties;
    set(this.config.CRM_CONTRACT_STATUS_PROPERTY, CRM_CONTRACT_STATUS_OF[move.milestone]);
    if (move.milestone === 'signed') {
      set(this.config.CRM_SIGNED_DATE_PROPERTY, pacificDateOf(move.createdAt));
    }
    set(this.config.CRM_CONTRACT_LINK_PROPERTY, move.link ?? '');
    return properties;
  }

  /** Where staff see the agreement's card: its family's dashboard. */
  private cardLink(family: AgreementFamily): string {
    const base = this.config.PUBLIC_SHELL_URL.replace(/\/+$/, '');
    return `${base}${family === 'sow' ? '/sow-dashboard' : '/dashboard'}`;
  }

  private async dealTitle(dealId: string): Promise<string> {
    const deal = await this.crm.readRecord('deals', dealId, ['dealname']);
    return deal.properties.dealname ? `Agreement for ${deal.properties.dealname}` : 'Agreement';
  }
}

/** The family a write's key names (`{family}-{milestone}.{agreementId}`). */
function familyOfKey(key: string): AgreementFamily {
  const family = key.slice(0, key.indexOf('-'));
  return (AGREEMENT_FAMILIES as readonly string[]).includes(family)
    ? (family as AgreementFamily)
    : 'standard';
}

/** The token a write leaves in what it creates (a note's text, a file's name): `ps-` and 16 hex digits of its key's hash. */
export function crmMarkerOf(key: string): string {
  return `ps-${createHash('sha256').update(key).digest('hex').slice(0, 16)}`;
}
