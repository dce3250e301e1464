import { Module } from '@nestjs/common';
import { AgreementActionsModule } from '../agreements/agreement-actions.module';
import { MailModule } from '../mail/mail.module';
import { InvoiceCounterRepository } from './invoice-counter.repository';
import { InvoiceNumberCounter } from './invoice-number.counter';
import { InvoiceService } from './invoice.service';
import { InvoiceStatusController, InvoiceTemplateController } from './invoices.controller';

/** Invoices of signed contracts (spec 3 §2, §7): status, send and reminder, the PDF. */
@Module({
  imports: [AgreementActionsModule, MailModule],
  controllers: [InvoiceStatusController, InvoiceTemplateController],
  providers: [InvoiceService, InvoiceNumberCounter, InvoiceCounterRepository],
})
export class InvoicesModule {}
