import { Injectable } from '@nestjs/common';
import { InvoiceCounterRepository } from './invoice-counter.repository';

/** The firm's one invoice sequence (docs/architecture.md#the-pieces: one document, found by `_id`). */
const INVOICE_SEQUENCE_ID = 'invoice-number';

const DUPLICATE_KEY = 11000;

/**
 * Gives invoice numbers: one atomic `$inc` on the counter document by its
 * `_id`, so two requests never get the same number and a number once given
 * is never given again (the counter only goes up).
 */
@Injectable()
export class InvoiceNumberCounter {
  constructor(private readonly counters: InvoiceCounterRepository) {}

  async next(): Promise<number> {
    // The first use creates the counter; two first uses at once: one insert wins, the other retries.
    for (let attempt = 0; ; attempt += 1) {
      try {
        const seq = await this.counters.increment(INVOICE_SEQUENCE_ID);
        if (seq === null) throw new Error('the invoice counter was not returned');
        return seq;
      } catch (error) {
        if ((error as { code?: number }).code !== DUPLICATE_KEY || attempt >= 2) throw error;
      }
    }
  }
}
