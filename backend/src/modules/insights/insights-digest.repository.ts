import { Injectable } from '@nestjs/common';
import { InjectModel } from '@nestjs/mongoose';
import type { Model } from 'mongoose';
import { InsightsDigestChoice } from './insights-digest.schema';

/** Who chose the Monday Insights digest (`insights_digests`). */
@Injectable()
export class InsightsDigestRepository {
  constructor(
    @InjectModel(InsightsDigestChoice.name) private readonly choices: Model<InsightsDigestChoice>,
  ) {}

  async isWeekly(email: string): Promise<boolean> {
    const choice = await this.choices.findById(email.toLowerCase()).lean().exec();
    return choice?.weekly === true;
  }

  async choose(email: string, weekly: boolean, now: Date): Promise<void> {
    await this.choices
      .updateOne(
        { _id: email.toLowerCase() },
        { $set: { weekly, updatedAt: now } },
        { upsert: true },
      )
      .exec();
  }

  /** The e-mails of everyone who chose the digest. */
  async weeklyReaders(): Promise<string[]> {
    const rows = await this.choices.find({ weekly: true }, { _id: 1 }).lean().exec();
    return rows.map((row) => row._id);
  }
}
