import { Injectable } from '@nestjs/common';
import { InjectModel } from '@nestjs/mongoose';
import type { Model } from 'mongoose';
import { RealtimePublisher } from '../../platform/realtime/realtime-publisher';
import { Agreement } from './agreement.schema';

/** Whether a signer has an agreement open: written on the record, told to open dashboards. */
@Injectable()
export class AgreementPresenceRepository {
  constructor(
    @InjectModel(Agreement.name) private readonly agreements: Model<Agreement>,
    private readonly realtime: RealtimePublisher,
  ) {}

  /** Writes the signer's presence only when it changed or is older than `refreshMs`. */
  async recordPresence(
    agreement: Pick<Agreement, '_id' | 'family'>,
    active: boolean,
    now: Date,
    refreshMs: number,
  ): Promise<boolean> {
    const written = await this.agreements.updateOne(
      {
        _id: agreement._id,
        status: { $ne: null },
        $or: [
          { presence: null },
          { 'presence.active': !active },
          { 'presence.at': { $lt: new Date(now.getTime() - refreshMs) } },
        ],
      },
      { $set: { presence: { active, at: now } } },
    );
    if (written.modifiedCount === 0) return false;
    this.realtime.signerPresence({
      family: agreement.family,
      id: String(agreement._id),
      active,
      at: now,
    });
    return true;
  }
}
