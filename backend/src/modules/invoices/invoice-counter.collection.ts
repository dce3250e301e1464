import type { Collection, Connection } from 'mongoose';

export const INVOICE_COUNTER_COLLECTION = 'invoice_counters';

/** The firm's invoice sequence: one document, `_id` = the sequence's name. */
export interface InvoiceCounterDoc {
  _id: string;
  /** The last number given. */
  seq: number;
}

export function invoiceCounters(connection: Connection): Collection<InvoiceCounterDoc> {
  return connection.collection<InvoiceCounterDoc>(
    INVOICE_COUNTER_COLLECTION,
  ) as unknown as Collection<InvoiceCounterDoc>;
}
