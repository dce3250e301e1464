import { Injectable } from '@nestjs/common';
import { InjectConnection } from '@nestjs/mongoose';
import { familyIds, type AgreementFamily, type EmailCodeDefaults } from '@prosign/domain';
import type { Collection, Connection } from 'mongoose';

/** One record per family: whether its creation screen proposes requiring an e-mail code. */
interface EmailCodeDefaultDoc {
  _id: AgreementFamily;
  required: boolean;
  updatedAt: Date;
  updatedBy: string;
}

/**
 * The only reader and writer of `email_code_defaults` (an admin setting per family):
 * the send applies it when the creation request does not choose, the creation screens
 * propose it. A family never set requires no code.
 */
@Injectable()
export class EmailCodeDefaultsRepository {
  private readonly defaults: Collection<EmailCodeDefaultDoc>;

  constructor(@InjectConnection() connection: Connection) {
    this.defaults = connection.collection<EmailCodeDefaultDoc>(
      'email_code_defaults',
    ) as unknown as Collection<EmailCodeDefaultDoc>;
  }

  async all(): Promise<EmailCodeDefaults> {
    const rows = await this.defaults.find({}).toArray();
    const byFamily = new Map(rows.map((row) => [row._id, row.required]));
    return Object.fromEntries(
      familyIds().map((family) => [family, byFamily.get(family) === true]),
    ) as EmailCodeDefaults;
  }

  async requiredFor(family: AgreementFamily): Promise<boolean> {
    const row = await this.defaults.findOne({ _id: family });
    return row?.required === true;
  }

  async set(family: AgreementFamily, required: boolean, updatedBy: string): Promise<void> {
    await this.defaults.updateOne(
      { _id: family },
      { $set: { required, updatedAt: new Date(), updatedBy } },
      { upsert: true },
    );
  }
}
