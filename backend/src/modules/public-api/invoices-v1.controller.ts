import { Controller } from '@nestjs/common';
import type { InvoicePageAnswer, PublicApiInput as Input, PublicInvoice } from '@prosign/domain';
import { PublicInvoicesService } from './public-invoices.service';
import { PublicApiInput, PublicApiRoute } from './public-api-route.decorator';

/** `/api/v1/invoices`: the invoices of signed contracts, read-only. */
@Controller()
export class InvoicesV1Controller {
  constructor(private readonly invoices: PublicInvoicesService) {}

  @PublicApiRoute('listInvoices')
  list(@PublicApiInput() { query }: Input<'listInvoices'>): Promise<InvoicePageAnswer> {
    return this.invoices.list(query);
  }

  @PublicApiRoute('getInvoice')
  get(@PublicApiInput() { params }: Input<'getInvoice'>): Promise<PublicInvoice> {
    return this.invoices.get(params.id);
  }
}
