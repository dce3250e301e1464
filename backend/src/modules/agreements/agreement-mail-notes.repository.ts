import { Injectable } from '@nestjs/common';
import { InjectModel } from '@nestjs/mongoose';
import type { AgreementFamily } from '@prosign/domain';
import type { Model } from 'mongoose';
import type { AgreementMailNotes, StoredMailPending, StoredMailProblem } from '../mail';
import { Agreement } from './agreement.schema';
import { storedId } from './agreement.repository';

/**
 * Its mails' state on the agreement's card (AgreementMailNotes, for the mail module).
 * On the driver's collection, as the mail module wrote them before: by `_id`, the array
 * entries addressed by index and pulled by value, nothing cast or added by the schema.
 */
@Injectable()
export class AgreementMailNotesRepository implements AgreementMailNotes {
  constructor(@InjectModel(Agreement.name) private readonly agreements: Model<Agreement>) {}

  async mailPendingOf(agreementId: string): Promise<StoredMailPending[]> {
    const doc = await this.agreements.collection.findOne({ _id: storedId(agreementId) } as never, {
      projection: { mailPending: 1 },
    });
    return (doc?.mailPending as StoredMailPending[] | undefined) ?? [];
  }

  async pushMailPending(agreementId: string, entry: StoredMailPending, max: number) {
    const result = await this.agreements.collection.updateOne(
      {
        _id: storedId(agreementId),
        'mailPending.deliveryId': { $ne: entry.deliveryId },
        [`mailPending.${max - 1}`]: { $exists: false },
      } as never,
      { $push: { mailPending: entry } } as never,
    );
    return result.matchedCount > 0;
  }

  async setMailPendingTry(
    agreementId: string,
    index: number,
    deliveryId: string,
    attempts: number,
    lastError: string,
  ) {
    const result = await this.agreements.collection.updateOne(
      { _id: storedId(agreementId), [`mailPending.${index}.deliveryId`]: deliveryId } as never,
      {
        $set: {
          [`mailPending.${index}.attempts`]: attempts,
          [`mailPending.${index}.lastError`]: lastError,
        },
      },
    );
    return result.matchedCount > 0;
  }

  async pullMailPending(agreementId: string, entry: StoredMailPending) {
    const result = await this.agreements.collection.updateOne(
      { _id: storedId(agreementId) } as never,
      { $pull: { mailPending: entry } } as never,
    );
    return result.modifiedCount > 0;
  }

  async setMailProblem(agreementId: string, problem: StoredMailProblem): Promise<void> {
    await this.agreements.collection.updateOne({ _id: storedId(agreementId) } as never, {
      $set: { mailProblem: problem },
    });
  }

  async clearMailProblem(agreementId: string, deliveryId: string): Promise<void> {
    await this.agreements.collection.updateOne(
      { _id: storedId(agreementId), 'mailProblem.deliveryId': deliveryId } as never,
      { $set: { mailProblem: null } },
    );
  }

  async cardStateOf(agreementId: string) {
    const doc = await this.agreements.collection.findOne({ _id: storedId(agreementId) } as never, {
      projection: { family: 1, status: 1 },
    });
    if (!doc) return null;
    return {
      id: String(doc._id),
      family: doc.family as AgreementFamily,
      status: (doc.status as string | null) ?? null,
    };
  }
}
