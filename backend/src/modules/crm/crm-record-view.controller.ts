import { Controller, Get, Param, Res } from '@nestjs/common';
import {
  CRM_RECORD_VIEW_TYPES,
  type CrmRecordActivityView,
  type CrmRecordViewType,
} from '@prosign/domain';
import { IsIn, IsString, Length, Matches } from 'class-validator';
import type { Response } from 'express';
import { AdminOnly } from '../../platform/auth/auth.decorators';
import { CrmRecordViews } from './crm-record-view.service';

class RecordParams {
  @IsIn(CRM_RECORD_VIEW_TYPES, {
    message: `type must be one of: ${CRM_RECORD_VIEW_TYPES.join(', ')}`,
  })
  type: CrmRecordViewType;

  @IsString()
  @Matches(/^\d{1,20}$/, { message: 'id must be a CRM record id (digits)' })
  id: string;
}

class FileParams {
  @IsString()
  @Length(1, 40)
  @Matches(/^\d+$/, { message: 'id must be a CRM file id (digits)' })
  id: string;
}

/** Admins see a local CRM record with what ProSign wrote on it. */
@AdminOnly()
@Controller('admin/crm')
export class CrmRecordViewController {
  constructor(private readonly views: CrmRecordViews) {}

  @Get('records/:type/:id')
  record(@Param() { type, id }: RecordParams): Promise<CrmRecordActivityView> {
    return this.views.view(type, id);
  }

  @Get('files/:id')
  async file(@Param() { id }: FileParams, @Res() response: Response): Promise<void> {
    const file = await this.views.file(id);
    response
      .status(200)
      .set({
        'content-type': file.contentType,
        'content-length': String(file.bytes.length),
        'content-disposition': `inline; filename="${file.name.replace(/["\\\r\n]/g, '')}"`,
        'cache-control': 'private, no-store',
      })
      .end(file.bytes);
  }
}
