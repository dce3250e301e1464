import { Injectable, NotFoundException } from '@nestjs/common';
import { InjectConnection } from '@nestjs/mongoose';
import type { Connection } from 'mongoose';
import { AppConfig } from '../../platform/config/app-config';
import {
  caughtAttachmentId,
  caughtAttachments,
  caughtMails,
  type CaughtMailDoc,
} from './caught-mail.collection';

const NO_MAILBOX_MESSAGE = 'The mailbox exists only with MAIL_ADAPTER=local';

/** One caught mail in a list: who, what and when, without its body. */
export interface CaughtMailSummary {
  id: string;
  from: string;
  to: string[];
  cc: string[];
  subject: string;
  receivedAt: Date;
  attachments: CaughtMailDoc['attachments'];
}

/** One caught attachment's file, for the mailbox's download link. */
export interface CaughtAttachmentFile {
  filename: string;
  contentType: string;
  content: Buffer;
}

/** One caught mail with its HTML and text (Bcc recipients are not shown). */
export type CaughtMail = CaughtMailSummary & Pick<CaughtMailDoc, 'html' | 'text' | 'messageId'>;

/**
 * What the local SMTP catcher caught (MAIL_ADAPTER=local), newest first. The
 * catcher's storage stays inside the mail integration; with any other adapter
 * there is no mailbox and every call answers 404.
 */
@Injectable()
export class CaughtMailService {
  constructor(
    @InjectConnection() private readonly connection: Connection,
    private readonly config: AppConfig,
  ) {}

  /** True when mail goes to the local catcher, so there is a mailbox to read. */
  get available(): boolean {
    return this.config.MAIL_ADAPTER === 'local';
  }

  async list(
    page: number,
    limit: number,
  ): Promise<{ messages: CaughtMailSummary[]; total: number }> {
    const mails = this.mails();
    const [docs, total] = await Promise.all([
      mails
        .find({}, { projection: { html: 0, text: 0, envelopeTo: 0, messageId: 0 } })
        .sort({ receivedAt: -1 })
        .skip((page - 1) * limit)
        .limit(limit)
        .toArray(),
      mails.countDocuments({}),
    ]);
    return { messages: docs.map(summaryOf), total };
  }

  async get(id: string): Promise<CaughtMail> {
    const doc = await this.mails().findOne({ _id: id });
    if (!doc) throw new NotFoundException(`Mail ${id} not found in the mailbox`);
    return { ...summaryOf(doc), html: doc.html, text: doc.text, messageId: doc.messageId };
  }

  /** The `index`-th attachment of a caught mail, as it arrived. */
  async attachment(id: string, index: number): Promise<CaughtAttachmentFile> {
    const mail = await this.mails().findOne({ _id: id }, { projection: { attachments: 1 } });
    if (!mail) throw new NotFoundException(`Mail ${id} not found in the mailbox`);
    const listed = mail.attachments[index];
    const stored = listed?.stored
      ? await caughtAttachments(this.connection).findOne({ _id: caughtAttachmentId(id, index) })
      : null;
    if (!listed || !stored) {
      throw new NotFoundException(`Mail ${id} has no attachment ${index} to download`);
    }
    const content = stored.content as unknown as Buffer | { buffer: ArrayBuffer };
    return {
      filename: listed.filename ?? `attachment-${index + 1}`,
      contentType: listed.contentType,
      content: Buffer.isBuffer(content)
        ? content
        : Buffer.from((content as { buffer: ArrayBuffer }).buffer),
    };
  }

  /** Empties the mailbox; answers how many mails went. */
  async clear(): Promise<number> {
    await caughtAttachments(this.connection).deleteMany({});
    return (await this.mails().deleteMany({})).deletedCount;
  }

  private mails() {
    if (!this.available) throw new NotFoundException(NO_MAILBOX_MESSAGE);
    return caughtMails(this.connection);
  }
}

function summaryOf(doc: CaughtMailDoc): CaughtMailSummary {
  return {
    id: doc._id,
    from: doc.from,
    to: doc.to,
    cc: doc.cc,
    subject: doc.subject,
    receivedAt: doc.receivedAt,
    attachments: doc.attachments,
  };
}
