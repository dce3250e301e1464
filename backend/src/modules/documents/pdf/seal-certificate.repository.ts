import { Injectable } from '@nestjs/common';
import { InjectModel } from '@nestjs/mongoose';
import type { Model } from 'mongoose';
import { SealCertificate } from './seal-certificate.schema';

/** The sealing certificates generated outside production (`seal_certificates`): their one owner. */
@Injectable()
export class SealCertificateRepository {
  constructor(
    @InjectModel(SealCertificate.name) private readonly certificates: Model<SealCertificate>,
  ) {}

  async find(id: string): Promise<SealCertificate | null> {
    return this.certificates.findById(id).lean<SealCertificate>();
  }

  /** Stores a certificate; one stored under the id already fails with the duplicate-key error. */
  async insert(certificate: SealCertificate): Promise<void> {
    await this.certificates.create(certificate);
  }
}
