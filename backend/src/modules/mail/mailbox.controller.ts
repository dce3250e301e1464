import {
  Controller,
  Delete,
  Get,
  HttpCode,
  HttpStatus,
  Param,
  ParseIntPipe,
  Query,
  StreamableFile,
} from '@nestjs/common';
import { CaughtMailService } from '../../integrations/mail';
import { AdminOnly } from '../../platform/auth/auth.decorators';
import { PageQuery } from '../../platform/validation/page-query.dto';
import { IdParam } from './dto/mail-requests.dto';

/**
 * Mail caught by the local SMTP catcher, for the mailbox page. Exists only with
 * MAIL_ADAPTER=local (never in production). Administrators only: caught mail
 * holds clients' signing links, which staff without contract access must not read.
 */
@AdminOnly()
@Controller('mailbox')
export class MailboxController {
  constructor(private readonly mailbox: CaughtMailService) {}

  @Get()
  async list(@Query() { page, limit }: PageQuery) {
    const { messages, total } = await this.mailbox.list(page, limit);
    return { messages, total, page, totalPages: Math.ceil(total / limit) };
  }

  @Get(':id')
  get(@Param() { id }: IdParam) {
    return this.mailbox.get(id);
  }

  /** An attachment of a caught mail, downloaded as it was sent (the invoice PDF, the signed copy…). */
  @Get(':id/attachments/:index')
  async attachment(
    @Param('id') id: string,
    @Param('index', new ParseIntPipe({ errorHttpStatusCode: HttpStatus.BAD_REQUEST }))
    index: number,
  ): Promise<StreamableFile> {
    const file = await this.mailbox.attachment(id, index);
    const safe = file.filename.replace(/[^\w .()-]+/g, '_');
    return new StreamableFile(file.content, {
      type: file.contentType,
      length: file.content.length,
      disposition: `attachment; filename="${safe}"; filename*=UTF-8''${encodeURIComponent(file.filename)}`,
    });
  }

  @Delete()
  @HttpCode(HttpStatus.NO_CONTENT)
  async clear(): Promise<void> {
    await this.mailbox.clear();
  }
}
