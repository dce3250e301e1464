import {
  Controller,
  Delete,
  Get,
  HttpCode,
  HttpStatus,
  NotFoundException,
  Param,
  Query,
} from '@nestjs/common';
import { InjectConnection } from '@nestjs/mongoose';
import type { Connection } from 'mongoose';
import { caughtMails } from '../../integrations/mail/caught-mail.collection';
import { AppConfig } from '../../platform/config/app-config';
import { PageQuery } from '../../platform/validation/page-query.dto';
import { IdParam } from './dto/mail-requests.dto';

/** Mail caught by the local SMTP catcher, for the mailbox page. Exists only with MAIL_ADAPTER=local. */
@Controller('mailbox')
export class MailboxController {
  constructor(
    @InjectConnection() private readonly connection: Connection,
    private readonly config: AppConfig,
  ) {}

  @Get()
  async list(@Query() { page, limit }: PageQuery) {
    this.ensureLocal();
    const mails = caughtMails(this.connection);
    const [docs, total] = await Promise.all([
      mails
        .find({}, { projection: { html: 0, text: 0 } })
        .sort({ receivedAt: -1 })
        .skip((page - 1) * limit)
        .limit(limit)
        .toArray(),
      mails.countDocuments({}),
    ]);
    return {
      messages: docs.map((doc) => ({
        id: doc._id,
        from: doc.from,
        to: doc.to,
        cc: doc.cc,
        subject: doc.subject,
        receivedAt: doc.receivedAt,
        attachments: doc.attachments,
      })),
      total,
      page,
      totalPages: Math.ceil(total / limit),
    };
  }

  @Get(':id')
  async get(@Param() { id }: IdParam) {
    this.ensureLocal();
    const doc = await caughtMails(this.connection).findOne({ _id: id });
    if (!doc) throw new NotFoundException(`Mail ${id} not found in the mailbox`);
    const { _id, envelopeTo: _envelope, ...rest } = doc;
    return { id: _id, ...rest };
  }

  @Delete()
  @HttpCode(HttpStatus.NO_CONTENT)
  async clear(): Promise<void> {
    this.ensureLocal();
    await caughtMails(this.connection).deleteMany({});
  }

  private ensureLocal(): void {
    if (this.config.MAIL_ADAPTER !== 'local') {
      throw new NotFoundException('The mailbox exists only with MAIL_ADAPTER=local');
    }
  }
}
