import { BadRequestException, Injectable, NotFoundException } from '@nestjs/common';
import {
  agreementListQuery,
  commaValues,
  INVOICE_TYPES,
  STANDARD_FAMILY_DEFINITION,
  type InvoiceListQuery,
  type InvoicePageAnswer,
  type InvoiceType,
  type PublicInvoice,
} from '@prosign/domain';
import { Types, type QueryFilter } from 'mongoose';
import { AppConfig } from '../../platform/config/app-config';
import { AgreementRepository, type Agreement, type StandardContractForm } from '../agreements';
import {
  invoiceTypesOf,
  publicInvoiceOf,
  type InvoicedContract,
  type InvoiceViewSettings,
} from './public-invoice.view';

const NOT_FOUND = 'No invoice has this id.';

/** Where a page of invoices ended: its contract's place in the list and the invoice's type. */
interface InvoiceCursor {
  createdAt: Date;
  id: Types.ObjectId;
  type: InvoiceType;
}

type Listed = { invoice: PublicInvoice; at: InvoiceCursor };

function cursorOf({ createdAt, id, type }: InvoiceCursor): string {
  return Buffer.from(`${createdAt.getTime()}.${String(id)}.${type}`).toString('base64url');
}

function cursorPositionOf(cursor: string): InvoiceCursor {
  const [millis, id, type] = Buffer.from(cursor, 'base64url').toString('utf8').split('.');
  if (
    !/^\d{1,15}$/.test(millis ?? '') ||
    !/^[0-9a-f]{24}$/.test(id ?? '') ||
    !(INVOICE_TYPES as readonly string[]).includes(type ?? '')
  ) {
    throw new BadRequestException({
      message: 'The request is not valid.',
      errors: [{ path: 'cursor', message: 'is not a cursor of this list' }],
    });
  }
  return {
    createdAt: new Date(Number(millis)),
    id: new Types.ObjectId(id),
    type: type as InvoiceType,
  };
}

/**
 * The public api's invoices: those of signed standard contracts, which the invoices dashboard
 * lists (its own `signed` filter), read from the contracts' records through the agreement
 * repository, where the invoices module keeps them. Listed newest contract first, each
 * contract's invoices in payment order, in cursor pages that may end inside a contract.
 */
@Injectable()
export class PublicInvoicesService {
  constructor(
    private readonly agreements: AgreementRepository,
    private readonly config: AppConfig,
  ) {}

  private get settings(): InvoiceViewSettings {
    return { apiBaseUrl: this.config.PUBLIC_API_URL, dueDays: this.config.INVOICE_DUE_DAYS };
  }

  async list(query: InvoiceListQuery): Promise<InvoicePageAnswer> {
    const filter = contractsFilter(query);
    const statuses = commaValues(query.status);
    const types = commaValues(query.type);
    const wanted = (invoice: PublicInvoice) =>
      (statuses.length === 0 || statuses.includes(invoice.status)) &&
      (types.length === 0 || types.includes(invoice.type));
    const listed: Listed[] = [];
    const take = (contract: InvoicedContract, fromType?: InvoiceType) => {
      const at = {
        createdAt: contract.createdAt ?? new Date(0),
        id: contract._id as Types.ObjectId,
      };
      for (const type of invoiceTypesOf(contract)) {
        if (fromType && INVOICE_TYPES.indexOf(type) <= INVOICE_TYPES.indexOf(fromType)) continue;
        const invoice = publicInvoiceOf(contract, type, this.settings);
        if (wanted(invoice)) listed.push({ invoice, at: { ...at, type } });
      }
    };

    const cursor = query.cursor === undefined ? null : cursorPositionOf(query.cursor);
    // A page may end inside a contract: the rest of its invoices first, if it is still listed.
    if (cursor) {
      const [rest] = await this.contracts({ $and: [filter, { _id: cursor.id }] }, null, 1);
      if (rest) take(rest, cursor.type);
    }
    // One more invoice than asked: whether a next page exists, without counting.
    let position = cursor ? { createdAt: cursor.createdAt, id: cursor.id } : null;
    while (listed.length <= query.limit) {
      const batch = await this.contracts(filter, position, query.limit + 1);
      for (const contract of batch) take(contract);
      if (batch.length < query.limit + 1) break;
      const last = batch[batch.length - 1];
      position = { createdAt: last.createdAt ?? new Date(0), id: last._id as Types.ObjectId };
    }
    const page = listed.slice(0, query.limit);
    return {
      data: page.map((entry) => entry.invoice),
      nextCursor: listed.length > query.limit ? cursorOf(page[page.length - 1].at) : null,
    };
  }

  async get(id: string): Promise<PublicInvoice> {
    const [agreementId, type] = id.split('.') as [string, InvoiceType];
    const [contract] = await this.contracts(
      { $and: [contractsFilter({}), { _id: new Types.ObjectId(agreementId) }] },
      null,
      1,
    );
    if (!contract || !invoiceTypesOf(contract).includes(type)) {
      throw new NotFoundException(NOT_FOUND);
    }
    return publicInvoiceOf(contract, type, this.settings);
  }

  private contracts(
    filter: Record<string, unknown>,
    after: { createdAt: Date; id: Types.ObjectId } | null,
    limit: number,
  ): Promise<InvoicedContract[]> {
    return this.agreements.pageAfter<StandardContractForm>(
      filter as QueryFilter<Agreement>,
      after,
      limit,
    );
  }
}

/** The contracts whose invoices are asked for: the dashboard's signed ones, narrowed. */
function contractsFilter(
  query: Pick<InvoiceListQuery, 'agreementId' | 'crmDealId'>,
): Record<string, unknown> {
  const conditions: Record<string, unknown>[] = [
    agreementListQuery(STANDARD_FAMILY_DEFINITION.id, ['signed'], ''),
  ];
  if (query.agreementId) conditions.push({ _id: new Types.ObjectId(query.agreementId) });
  if (query.crmDealId) conditions.push({ 'form.hsDealId': query.crmDealId });
  return conditions.length === 1 ? conditions[0] : { $and: conditions };
}
