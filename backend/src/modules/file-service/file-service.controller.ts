import { Controller, Get, Inject, NotFoundException, Query } from '@nestjs/common';
import { FILE_SERVICE_PORT, type FileServicePort } from '../../integrations/file-service';
import { AdminOnly } from '../../platform/auth/auth.decorators';
import { PageQuery } from '../../platform/validation/page-query.dto';

/**
 * What the embedded file service recorded (FILE_SERVICE_ADAPTER=local), newest
 * first. Shown on the admin-only mailbox page beside the caught mail; the drive
 * links of signed contracts are for administrators only.
 */
@AdminOnly()
@Controller('file-service')
export class FileServiceController {
  constructor(@Inject(FILE_SERVICE_PORT) private readonly fileService: FileServicePort) {}

  @Get('records')
  async records(@Query() { page, limit }: PageQuery) {
    const recorded = await this.fileService.recordedFiles(page, limit);
    if (!recorded) {
      throw new NotFoundException(
        'File-service records exist only with FILE_SERVICE_ADAPTER=local',
      );
    }
    return { ...recorded, page, totalPages: Math.ceil(recorded.total / limit) };
  }
}
