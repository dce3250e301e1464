import { Injectable } from '@nestjs/common';
import { InjectModel } from '@nestjs/mongoose';
import type { Model } from 'mongoose';
import { RealtimePublisher } from '../../platform/realtime/realtime-publisher';
import { Contract } from '../contracts/contract.schema';

/** An unchanged presence is written (and pushed) again at most this often. */
export const PRESENCE_REFRESH_MS = 15_000;

/** Records a signer's presence on the contract and pushes it to the staff room. */
@Injectable()
export class SigningPresenceService {
  constructor(
    @InjectModel(Contract.name) private readonly contracts: Model<Contract>,
    private readonly realtime: RealtimePublisher,
  ) {}

  async isKnownToken(token: string): Promise<boolean> {
    return (await this.contracts.countDocuments({ token, status: { $ne: null } })) > 0;
  }

  /** Writes only a change, or a refresh of an unchanged state older than PRESENCE_REFRESH_MS. */
  async record(token: string, active: boolean, now = new Date()): Promise<boolean> {
    const written = await this.contracts.findOneAndUpdate(
      {
        token,
        status: { $ne: null },
        $or: [
          { presence: null },
          { 'presence.active': !active },
          { 'presence.at': { $lt: new Date(now.getTime() - PRESENCE_REFRESH_MS) } },
        ],
      },
      { $set: { presence: { active, at: now } } },
    );
    if (!written) return false;
    // Staff screens hear of the contract by its id, never by its signing token.
    this.realtime.signerPresence({ family: 'standard', id: String(written._id), active, at: now });
    return true;
  }
}
