import { Module } from '@nestjs/common';
import { SignatureImageRepository } from './signature-image.repository';

/** The store of signature images, for every module that provides the signing services. */
@Module({
  providers: [SignatureImageRepository],
  exports: [SignatureImageRepository],
})
export class SignatureImageStoreModule {}
