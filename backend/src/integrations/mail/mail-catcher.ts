import { simpleParser, type AddressObject } from 'mailparser';
import type { Connection } from 'mongoose';
import { createHash, randomUUID } from 'node:crypto';
import type { AddressInfo } from 'node:net';
import { SMTPServer } from 'smtp-server';
import {
  CAUGHT_ATTACHMENT_MAX_BYTES,
  caughtAttachmentId,
  caughtAttachments,
  caughtMails,
} from './caught-mail.collection';
import { MAIL_CATCHER_HOST } from './smtp-mail.adapter';

const MAX_MESSAGE_BYTES = 25 * 1024 * 1024;
/** How often caught mail past its `Expires` is removed where no TTL index does it. */
const EXPIRED_SWEEP_MS = 60_000;

export interface MailCatcherLogger {
  log(message: string): void;
  warn(message: string): void;
}

/**
 * The embedded mail server of the local stack: accepts any mail over SMTP on
 * loopback and stores it, parsed, in MongoDB for the mailbox page. It never
 * relays anything anywhere.
 */
export class MailCatcher {
  private readonly server: SMTPServer;
  private sweepTimer: NodeJS.Timeout | null = null;

  constructor(
    private readonly connection: Connection,
    private readonly logger: MailCatcherLogger = console,
  ) {
    this.server = new SMTPServer({
      name: 'prosign-mail-catcher',
      banner: 'ProSign local mail catcher: mail is stored, never delivered',
      authOptional: true,
      disabledCommands: ['STARTTLS', 'AUTH'],
      size: MAX_MESSAGE_BYTES,
      logger: false,
      onData: (stream, session, callback) => {
        simpleParser(stream)
          .then(async (parsed) => {
            if ((stream as unknown as { sizeExceeded?: boolean }).sizeExceeded) {
              throw Object.assign(new Error('Message exceeds the 25 MB limit'), {
                responseCode: 552,
              });
            }
            // One mail per Message-ID: a client that timed out and sent again (the same
            // logical mail) is told "stored" without a second copy; the id derives from it.
            const id = parsed.messageId ? caughtIdOf(parsed.messageId) : randomUUID();
            const mails = caughtMails(this.connection);
            if (parsed.messageId && (await mails.countDocuments({ _id: id })) > 0) {
              this.logger.log(`dropped a second copy of ${parsed.messageId}`);
              callback();
              return;
            }
            // The contents first, so a listed mail's attachments can always be downloaded.
            const kept = parsed.attachments.map(
              (a) => a.content.length <= CAUGHT_ATTACHMENT_MAX_BYTES,
            );
            const contents = parsed.attachments
              .map((a, index) => ({
                _id: caughtAttachmentId(id, index),
                mailId: id,
                filename: a.filename ?? null,
                contentType: a.contentType,
                content: a.content,
              }))
              .filter((_, index) => kept[index]);
            if (contents.length > 0) {
              // Replaced, not inserted: a copy interrupted before its mail was stored is redone.
              await caughtAttachments(this.connection).bulkWrite(
                contents.map((content) => ({
                  replaceOne: { filter: { _id: content._id }, replacement: content, upsert: true },
                })),
              );
            }
            const stored = await mails
              .insertOne({
                _id: id,
                from:
                  parsed.from?.text ??
                  (session.envelope.mailFrom ? session.envelope.mailFrom.address : ''),
                to: addresses(parsed.to),
                cc: addresses(parsed.cc),
                subject: parsed.subject ?? '',
                html: typeof parsed.html === 'string' ? parsed.html : null,
                text: parsed.text ?? null,
                messageId: parsed.messageId ?? null,
                attachments: parsed.attachments.map((a, index) => ({
                  filename: a.filename ?? null,
                  contentType: a.contentType,
                  size: a.size,
                  stored: kept[index],
                })),
                envelopeTo: session.envelope.rcptTo.map((r) => r.address),
                receivedAt: new Date(),
                ...expiryOf(parsed.headers.get('expires')),
              })
              .then(
                () => true,
                (error: { code?: number }) => {
                  // Two copies stored at the same time: the other one won.
                  if (error?.code === 11000) return false;
                  throw error;
                },
              );
            if (!stored) {
              this.logger.log(`dropped a second copy of ${parsed.messageId ?? id}`);
              callback();
              return;
            }
            this.logger.log(
              `caught "${parsed.subject ?? ''}" for ${session.envelope.rcptTo.map((r) => r.address).join(', ')}`,
            );
            callback();
          })
          .catch((error: Error) => {
            this.logger.warn(`could not store a mail: ${error.message}`);
            callback(error);
          });
      },
    });
    this.server.on('error', (error) => this.logger.warn(`SMTP: ${error.message}`));
  }

  /** Listens on 127.0.0.1 only; port 0 picks a free one. Resolves with the port. */
  async listen(port: number): Promise<number> {
    await this.expireMail();
    await new Promise<void>((resolve, reject) => {
      this.server.server.once('error', reject);
      this.server.listen(port, MAIL_CATCHER_HOST, () => {
        this.server.server.off('error', reject);
        resolve();
      });
    });
    return (this.server.server.address() as AddressInfo).port;
  }

  async close(): Promise<void> {
    if (this.sweepTimer) clearInterval(this.sweepTimer);
    this.sweepTimer = null;
    await new Promise<void>((resolve) => this.server.close(() => resolve()));
  }

  /**
   * A caught mail that says when it expires (`Expires`: a one-time code's mail) is removed
   * then, as the recipient's own mailbox could: a TTL index where the database has them,
   * else a sweep every minute (FerretDB v1 refuses TTL indexes).
   */
  private async expireMail(): Promise<void> {
    const mails = caughtMails(this.connection);
    try {
      await mails.createIndex({ expiresAt: 1 }, { name: 'expiresAt_ttl', expireAfterSeconds: 0 });
      return;
    } catch {
      await mails.createIndex({ expiresAt: 1 }, { name: 'expiresAt_1' }).catch(() => undefined);
    }
    this.sweepTimer = setInterval(() => {
      this.removeExpired().catch((error: Error) =>
        this.logger.warn(`expired mail not removed: ${error.message}`),
      );
    }, EXPIRED_SWEEP_MS);
    this.sweepTimer.unref();
  }

  /** Removes caught mail past its `Expires`; how many went. */
  async removeExpired(now = new Date()): Promise<number> {
    return (await caughtMails(this.connection).deleteMany({ expiresAt: { $lte: now } }))
      .deletedCount;
  }
}

/** `{expiresAt}` from an `Expires` header that names a valid date, else nothing. */
function expiryOf(header: unknown): { expiresAt?: Date } {
  if (!(header instanceof Date) && typeof header !== 'string') return {};
  const at = new Date(header);
  return Number.isFinite(at.getTime()) ? { expiresAt: at } : {};
}

/** The caught mail's id from its Message-ID: the same mail always gets the same id. */
export function caughtIdOf(messageId: string): string {
  return `m-${createHash('sha256').update(messageId.trim()).digest('hex').slice(0, 32)}`;
}

function addresses(value: AddressObject | AddressObject[] | undefined): string[] {
  const list = Array.isArray(value) ? value : value ? [value] : [];
  return list.flatMap((group) =>
    group.value.map((a) => (a.name ? `${a.name} <${a.address ?? ''}>` : (a.address ?? ''))),
  );
}
