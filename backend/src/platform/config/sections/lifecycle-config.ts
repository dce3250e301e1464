import { DEFAULT_INVOICE_DUE_DAYS } from '@prosign/domain';
import { Expose, Transform } from 'class-transformer';
import { IsString, Matches } from 'class-validator';
import { MailConfig } from './mail-config';
import { IntegerBetween } from '../config-validation';
import { DEFAULT_INVOICE_PAYMENT_INSTRUCTIONS } from '../config-values';

/** The contract lifecycle (spec 2 §4: reminders, expiry, schedules) and invoices (spec 3 §2). */
export class LifecycleConfig extends MailConfig {
  // --- Contract lifecycle (spec 2 §4) ---

  /** Hours after a reminder during which Send Reminder is locked. */
  @Expose()
  @IntegerBetween(0, 720)
  readonly REMINDER_LOCK_HOURS: number = 24;

  /** Days after sending that an unsigned contract expires (the worker checks hourly). */
  @Expose()
  @IntegerBetween(1, 3650)
  readonly CONTRACT_EXPIRY_DAYS: number = 30;

  /**
   * How often the worker looks for agreements to expire and automatic reminders due (one
   * job per tick whatever the number of workers). Shorter only for drills and tests.
   */
  @Expose()
  @IntegerBetween(1000, 86400000)
  readonly AGREEMENT_SCHEDULES_EVERY_MS: number = 3600000;

  /** Days between automatic reminders for unsigned contracts; 0 turns them off. */
  @Expose()
  @IntegerBetween(0, 365)
  readonly AUTO_REMINDER_INTERVAL_DAYS: number = 0;

  // --- Invoices (spec 3 §2) ---

  /** Days after its issue date an invoice is due (printed on the invoice). */
  @Expose()
  @IntegerBetween(0, 365)
  readonly INVOICE_DUE_DAYS: number = DEFAULT_INVOICE_DUE_DAYS;

  /** How to pay, printed on every invoice; blank → the default text. */
  @Expose()
  @Transform(({ value }: { value: unknown }) =>
    typeof value === 'string' && value.trim() ? value.trim() : DEFAULT_INVOICE_PAYMENT_INSTRUCTIONS,
  )
  @IsString()
  @Matches(/^[\s\S]{1,1000}$/, {
    message: 'INVOICE_PAYMENT_INSTRUCTIONS must be 1 to 1000 characters',
  })
  readonly INVOICE_PAYMENT_INSTRUCTIONS: string = DEFAULT_INVOICE_PAYMENT_INSTRUCTIONS;
}
