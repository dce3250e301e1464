import { Injectable } from '@nestjs/common';
import { InjectConnection } from '@nestjs/mongoose';
import type { Collection, Connection } from 'mongoose';

/**
 * Drawn or uploaded signatures (re-encoded PNGs, up to 1 MB), one record per
 * upload, referenced by the contract's `signatureImageId`: kept apart from the
 * contract record so listing contracts stays light.
 */
export interface SignatureImageDoc {
  _id: string;
  png: Buffer;
  uploadedAt: Date;
  uploadedIp: string | null;
}

/** The only reader and writer of `signature_images`, each record by its `_id`. */
@Injectable()
export class SignatureImageRepository {
  private readonly images: Collection<SignatureImageDoc>;

  constructor(@InjectConnection() connection: Connection) {
    this.images = connection.collection<SignatureImageDoc>(
      'signature_images',
    ) as unknown as Collection<SignatureImageDoc>;
  }

  async insert(image: SignatureImageDoc): Promise<void> {
    await this.images.insertOne(image);
  }

  findById(id: string): Promise<SignatureImageDoc | null> {
    return this.images.findOne({ _id: id });
  }

  async delete(id: string): Promise<void> {
    await this.images.deleteOne({ _id: id });
  }
}
