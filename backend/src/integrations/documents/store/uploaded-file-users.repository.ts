import { Injectable } from '@nestjs/common';
import { InjectModel } from '@nestjs/mongoose';
import type { Model } from 'mongoose';
import { DocumentRecord } from './document.schema';

/** Which documents show an uploaded file: the upload clean-up's question (indexed). */
@Injectable()
export class UploadedFileUsers {
  constructor(@InjectModel(DocumentRecord.name) private readonly model: Model<DocumentRecord>) {}

  /** Whether a document shows the uploaded file (`uploaded.fileId`): its file is then kept. */
  async documentUses(fileId: string): Promise<boolean> {
    return (await this.model.exists({ 'uploaded.fileId': fileId })) !== null;
  }
}
