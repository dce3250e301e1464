import { Injectable } from '@nestjs/common';
import { InjectConnection } from '@nestjs/mongoose';
import type { Collection, Connection } from 'mongoose';

const INVOICE_COUNTER_COLLECTION = 'invoice_counters';

/** The firm's invoice sequence: one document, `_id` = the sequence's name. */
export interface InvoiceCounterDoc {
  _id: string;
  /** The last number given. */
  seq: number;
}

/** The only reader and writer of `invoice_counters` (InvoiceNumberCounter decides what to do with it). */
@Injectable()
export class InvoiceCounterRepository {
  private readonly counters: Collection<InvoiceCounterDoc>;

  constructor(@InjectConnection() connection: Connection) {
    this.counters = connection.collection<InvoiceCounterDoc>(
      INVOICE_COUNTER_COLLECTION,
    ) as unknown as Collection<InvoiceCounterDoc>;
  }

  /**
   * One atomic `$inc` of the sequence by its `_id`, creating it on first use:
   * the number now given. Two first uses at once: one insert wins, the other
   * throws a duplicate-key error.
   */
  async increment(sequenceId: string): Promise<number | null> {
    const counter = await this.counters.findOneAndUpdate(
      { _id: sequenceId },
      { $inc: { seq: 1 } },
      { upsert: true, returnDocument: 'after' },
    );
    return counter?.seq ?? null;
  }
}
