import { Injectable } from '@nestjs/common';
import { InjectConnection } from '@nestjs/mongoose';
import {
  familyIds,
  type AgreementFamily,
  type CountersignDefaults,
  type CountersignerInput,
} from '@prosign/domain';
import type { Collection, Connection } from 'mongoose';

/** One record per family: the countersigner its creation screen proposes. */
interface CountersignDefaultDoc {
  _id: AgreementFamily;
  countersigner: CountersignerInput | null;
  updatedAt: Date;
  updatedBy: string;
}

/** The only reader and writer of `countersign_defaults` (an admin setting per family). */
@Injectable()
export class CountersignDefaultsRepository {
  private readonly defaults: Collection<CountersignDefaultDoc>;

  constructor(@InjectConnection() connection: Connection) {
    this.defaults = connection.collection<CountersignDefaultDoc>(
      'countersign_defaults',
    ) as unknown as Collection<CountersignDefaultDoc>;
  }

  /** Every family's default; a family never set proposes none. */
  async all(): Promise<CountersignDefaults> {
    const rows = await this.defaults.find({}).toArray();
    const byFamily = new Map(rows.map((row) => [row._id, row.countersigner]));
    return Object.fromEntries(
      familyIds().map((family) => [family, byFamily.get(family) ?? null]),
    ) as CountersignDefaults;
  }

  async set(
    family: AgreementFamily,
    countersigner: CountersignerInput | null,
    updatedBy: string,
  ): Promise<void> {
    await this.defaults.updateOne(
      { _id: family },
      { $set: { countersigner, updatedAt: new Date(), updatedBy } },
      { upsert: true },
    );
  }
}
