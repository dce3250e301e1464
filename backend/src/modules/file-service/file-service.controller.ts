import { Controller, Get, Inject, NotFoundException, Query } from '@nestjs/common';
import { InjectConnection } from '@nestjs/mongoose';
import type { Connection } from 'mongoose';
import {
  FILE_SERVICE_PORT,
  type FileServicePort,
} from '../../integrations/file-service/file-service.port';
import { fileServiceRecords } from '../../integrations/file-service/local-file-service.adapter';
import { PageQuery } from '../../platform/validation/page-query.dto';

/** What the embedded file service recorded (FILE_SERVICE_ADAPTER=local), newest first. */
@Controller('file-service')
export class FileServiceController {
  constructor(
    @Inject(FILE_SERVICE_PORT) private readonly fileService: FileServicePort,
    @InjectConnection() private readonly connection: Connection,
  ) {}

  @Get('records')
  async records(@Query() { page, limit }: PageQuery) {
    if (this.fileService.adapter !== 'local') {
      throw new NotFoundException(
        'File-service records exist only with FILE_SERVICE_ADAPTER=local',
      );
    }
    const records = fileServiceRecords(this.connection);
    const [docs, total] = await Promise.all([
      records
        .find({})
        .sort({ receivedAt: -1 })
        .skip((page - 1) * limit)
        .limit(limit)
        .toArray(),
      records.countDocuments({}),
    ]);
    return {
      records: docs.map(({ _id, ...rest }) => ({ id: _id, ...rest })),
      total,
      page,
      totalPages: Math.ceil(total / limit),
    };
  }
}
