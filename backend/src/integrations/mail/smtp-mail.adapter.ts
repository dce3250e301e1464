import { createTransport, type Transporter } from 'nodemailer';
import type { AppConfig } from '../../platform/config/app-config';
import type { MailPort, OutgoingMail, SentMail } from './mail.port';

/** The loopback address the local SMTP catcher listens on. */
export const MAIL_CATCHER_HOST = '127.0.0.1';

/**
 * Mail over SMTP with nodemailer. With MAIL_ADAPTER=local it talks to the
 * embedded catcher on 127.0.0.1:MAIL_CATCHER_PORT, so the local path is real
 * SMTP too; with MAIL_ADAPTER=smtp, to SMTP_HOST with optional login.
 */
export class SmtpMailAdapter implements MailPort {
  readonly adapter: 'local' | 'smtp';
  private readonly transport: Transporter;

  constructor(private readonly config: AppConfig) {
    this.adapter = config.MAIL_ADAPTER;
    this.transport =
      config.MAIL_ADAPTER === 'smtp'
        ? createTransport({
            host: config.SMTP_HOST,
            port: config.SMTP_PORT,
            secure: config.SMTP_SECURE,
            auth: config.SMTP_USER
              ? { user: config.SMTP_USER, pass: config.SMTP_PASSWORD ?? '' }
              : undefined,
            // Generous: a retry after a timeout may find the first copy delivered
            // (the stable Message-ID lets the receiver drop it, but few servers do).
            connectionTimeout: 15_000,
            greetingTimeout: 15_000,
            socketTimeout: 120_000,
          })
        : createTransport({
            host: MAIL_CATCHER_HOST,
            port: config.MAIL_CATCHER_PORT,
            secure: false,
            // The catcher speaks plain SMTP on loopback only.
            ignoreTLS: true,
            connectionTimeout: 10_000,
            greetingTimeout: 10_000,
            // Under load the catcher may take long to store a large mail; it also
            // refuses a second copy of a Message-ID, so a retry cannot double it.
            socketTimeout: 120_000,
          });
  }

  async send(mail: OutgoingMail): Promise<SentMail> {
    const info = (await this.transport.sendMail({
      from: this.config.MAIL_FROM,
      messageId: mail.messageId,
      to: mail.to,
      cc: mail.cc,
      replyTo: mail.replyTo,
      subject: mail.subject,
      html: mail.html,
      text: mail.text,
      ...(mail.expiresAt ? { headers: { Expires: mail.expiresAt.toUTCString() } } : {}),
      attachments: mail.attachments?.map((a) => ({
        filename: a.filename,
        contentType: a.contentType,
        content: a.content,
      })),
    })) as { messageId: string; accepted: unknown[]; rejected: unknown[] };
    return {
      messageId: info.messageId,
      accepted: info.accepted.map(String),
      rejected: info.rejected.map(String),
    };
  }

  close(): void {
    this.transport.close();
  }
}
