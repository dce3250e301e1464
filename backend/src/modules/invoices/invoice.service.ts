import {
  ConflictException,
  Injectable,
  Logger,
  NotFoundException,
  UnprocessableEntityException,
} from '@nestjs/common';
import {
  agreementTitle,
  formatInvoiceNumber,
  formatPacificDate,
  formatUsd,
  INVOICE_ERRORS,
  INVOICE_STATUS_LABELS,
  INVOICE_TYPE_LABELS,
  invoiceAmount,
  invoiceDetailsOf,
  invoiceDueDate,
  invoiceFileName,
  isInvoiceType,
  paidAmountProblem,
  paidSoFar,
  SIGNED_STATUSES,
  type InvoiceDetails,
  type InvoicedAmounts,
  type InvoiceStatus,
  type InvoiceType,
  type SendInvoiceResponse,
  STANDARD_FAMILY_DEFINITION,
  type StoredInvoice,
  type UpdateInvoiceStatusResponse,
} from '@prosign/domain';
import { BadRequestException } from '@nestjs/common';
import { randomUUID } from 'node:crypto';
import { AppConfig } from '../../platform/config/app-config';
import { RealtimePublisher } from '../../platform/realtime/realtime-publisher';
import {
  AgreementCrmEvents,
  type AgreementDocument,
  AgreementEventRepository,
  AgreementLinkRepository,
  AgreementRepository,
  type StandardContractForm,
} from '../agreements';
import { amountDue, FIRM_LETTERHEAD, renderInvoice } from '../documents';
import { MailService } from '../mail';
import { InvoiceNumberCounter } from './invoice-number.counter';

/** Who acts: the signed-in staff member from the session, with the request's address. */
export interface InvoiceActor {
  email: string;
  ip?: string | null;
  userAgent?: string | null;
}

/** An invoice PDF as the download answers it. */
export interface InvoicePdf {
  pdf: Buffer;
  filename: string;
  invoiceNumber: string;
}

type Contract = AgreementDocument<StandardContractForm>;

/** How long one request may hold the right to give a type its number. */
const NUMBER_LEASE_MS = 30_000;

/**
 * Invoices of signed standard contracts (spec 3 §2, §4, §7): status changes,
 * sends and reminders with the PDF attached, and the PDF itself. The state
 * lives on the contract's record (`invoices`), written through the agreement
 * repository, so each change and its event in the contract's log are one
 * update; every change is told to open invoice screens.
 */
@Injectable()
export class InvoiceService {
  private readonly logger = new Logger(InvoiceService.name);

  constructor(
    private readonly repository: AgreementRepository,
    private readonly links: AgreementLinkRepository,
    private readonly eventLog: AgreementEventRepository,
    private readonly counter: InvoiceNumberCounter,
    private readonly mail: MailService,
    private readonly realtime: RealtimePublisher,
    private readonly config: AppConfig,
    private readonly crmEvents: AgreementCrmEvents,
  ) {}

  /** PUT /api/invoice/update-status {userId, type, status, paidAmount?} */
  async updateStatus(
    input: { userId: string; type: InvoiceType; status: InvoiceStatus; paidAmount?: number },
    actor: InvoiceActor,
  ): Promise<UpdateInvoiceStatusResponse> {
    const contract = signedContract(
      await this.repository.findById<StandardContractForm>(input.userId),
    );
    const { type, status } = input;
    const amount = invoiceAmount(type, amountsOf(contract));
    if (amount <= 0) throw new UnprocessableEntityException(INVOICE_ERRORS.noAmount(type));
    if (status === 'partially paid') {
      const problem = paidAmountProblem(amount, input.paidAmount);
      if (problem) throw new BadRequestException(problem);
    }
    const paid = paidSoFar(status, amount, input.paidAmount);
    const previous = contract.invoices?.[type]?.status ?? 'not paid';
    const updated = await this.eventLog.record<StandardContractForm>(contract, {
      set: {
        [`invoices.${type}.status`]: status,
        [`invoices.${type}.paidAmount`]: paid,
      },
      // Never for a contract deleted meanwhile.
      condition: { deletedAt: null },
      event: {
        type: 'invoice_status_changed',
        actor: actor.email,
        ip: actor.ip ?? null,
        userAgent: actor.userAgent ?? null,
        data: { invoiceType: type, status, previousStatus: previous, paidAmount: paid },
      },
    });
    if (!updated) throw new NotFoundException(INVOICE_ERRORS.contractNotFound);
    this.realtime.invoiceChanged({ id: String(updated._id), type, change: 'status', status });
    // The deal's record hears of each invoice paid once (marked unpaid and paid again: still one).
    if (status === 'paid' && previous !== 'paid') {
      await this.crmEvents.record(updated, 'invoice-paid', {
        occurrence: type,
        facts: { invoice: invoiceNamed(type, updated.invoices?.[type]?.number, amount) },
      });
    }
    return { success: true, invoiceDetails: detailsOf(updated) };
  }

  /** POST /api/template/send-{type}-invoice {token, isReminder} */
  async send(
    rawType: string,
    input: { token: string; isReminder?: boolean },
    actor: InvoiceActor,
  ): Promise<SendInvoiceResponse> {
    const type = invoiceType(rawType);
    const isReminder = Boolean(input.isReminder);
    const found = signedContract(
      await this.links.findByKey<StandardContractForm>('sign', input.token),
    );
    const amount = invoiceAmount(type, amountsOf(found));
    if (amount <= 0) throw new UnprocessableEntityException(INVOICE_ERRORS.noAmount(type));
    const before = found.invoices?.[type];
    if (before?.status === 'paid') throw new ConflictException(INVOICE_ERRORS.alreadyPaid(type));
    if (isReminder && !before?.sentAt) {
      throw new ConflictException(INVOICE_ERRORS.notSentYet(type));
    }

    const contract = await this.numbered(found, type);
    const stored = contract.invoices?.[type] ?? {};
    const number = formatInvoiceNumber(stored.number!);
    const { pdf } = await this.render(contract, type, isReminder);

    const now = new Date();
    const sent = await this.eventLog.record<StandardContractForm>(contract, {
      set: {
        [`invoices.${type}.sentAt`]: stored.sentAt ?? now,
        [`invoices.${type}.lastSentAt`]: now,
      },
      inc: {
        [`invoices.${type}.sendCount`]: 1,
        [`invoices.${type}.reminderCount`]: isReminder ? 1 : 0,
      },
      // Marked paid (or deleted) since it was read: nothing goes out.
      condition: { deletedAt: null, [`invoices.${type}.status`]: { $ne: 'paid' } },
      event: {
        type: isReminder ? 'invoice_reminder_sent' : 'invoice_sent',
        actor: actor.email,
        ip: actor.ip ?? null,
        userAgent: actor.userAgent ?? null,
        data: { invoiceType: type, invoiceNumber: number, amount, reminder: isReminder },
      },
      now,
    });
    if (!sent) throw new ConflictException(INVOICE_ERRORS.alreadyPaid(type));
    const sendCount = sent.invoices?.[type]?.sendCount ?? 1;

    const form = contract.form;
    const status = sent.invoices?.[type]?.status ?? 'not paid';
    const paid = paidSoFar(status, amount, sent.invoices?.[type]?.paidAmount);
    const delivery = await this.mail.send({
      // One mail per send: the n-th send of this type of this contract.
      key: `invoice.${String(contract._id)}.${type}.${sendCount}`,
      agreementId: String(contract._id),
      template: {
        kind: 'invoice',
        data: {
          recipientName: form.full_name,
          type,
          amount: plainAmount(amount),
          amountDue: plainAmount(amountDue({ amount, paidSoFar: paid })),
          projectAddress: projectAddressOf(form) || agreementTitleOf(form),
          isReminder,
          invoiceNumber: number,
          dueDate: formatPacificDate(this.dueDateOf(stored)),
          firmName: FIRM_LETTERHEAD.firmName,
        },
      },
      to: [form.email],
      cc: form.csm_email && form.csm_email !== form.email ? [form.csm_email] : [],
      replyTo: form.csm_email || actor.email,
      attachments: [
        { filename: invoiceFileName(number, type), contentType: 'application/pdf', content: pdf },
      ],
    });
    this.realtime.invoiceChanged({
      id: String(sent._id),
      type,
      change: isReminder ? 'reminder' : 'sent',
      status,
    });
    // The first send of this invoice is noted on the deal's record; reminders are not.
    if (!isReminder) {
      await this.crmEvents.record(sent, 'invoice-sent', {
        occurrence: type,
        facts: { invoice: invoiceNamed(type, stored.number, amount) },
      });
    }
    return {
      success: true,
      invoiceNumber: number,
      isReminder,
      deliveryId: delivery.id,
      invoiceDetails: detailsOf(sent),
    };
  }

  /** GET /api/template/download-{type}-pdf/{token}: numbered on first use, like a send. */
  async pdf(rawType: string, token: string): Promise<InvoicePdf> {
    const type = invoiceType(rawType);
    const found = signedContract(await this.links.findByKey<StandardContractForm>('sign', token));
    if (invoiceAmount(type, amountsOf(found)) <= 0) {
      throw new UnprocessableEntityException(INVOICE_ERRORS.noAmount(type));
    }
    const contract = await this.numbered(found, type);
    const number = formatInvoiceNumber(contract.invoices![type]!.number!);
    const { pdf } = await this.render(contract, type, false);
    return { pdf, filename: invoiceFileName(number, type), invoiceNumber: number };
  }

  // ── Numbers ──

  /**
   * The contract with this type's number: kept when it has one, else taken
   * from the firm's counter once. A short lease on the record makes sure two
   * requests numbering the same invoice at once take one number between them.
   */
  private async numbered(contract: Contract, type: InvoiceType): Promise<Contract> {
    if (contract.invoices?.[type]?.number) return contract;
    const path = `invoices.${type}`;
    const runner = randomUUID();
    const now = new Date();
    const leased = await this.eventLog.record<StandardContractForm>(contract, {
      set: {
        [`${path}.numberLease`]: { runner, until: new Date(now.getTime() + NUMBER_LEASE_MS) },
      },
      condition: {
        [`${path}.number`]: null,
        $or: [{ [`${path}.numberLease`]: null }, { [`${path}.numberLease.until`]: { $lte: now } }],
      },
    });
    if (!leased) return this.numberedByOther(contract, type);

    const sequence = await this.counter.next();
    const done = await this.eventLog.record<StandardContractForm>(contract, {
      set: {
        [`${path}.number`]: sequence,
        [`${path}.issuedAt`]: new Date(),
        [`${path}.numberLease`]: null,
      },
      condition: { [`${path}.number`]: null, [`${path}.numberLease.runner`]: runner },
    });
    if (done) return done;
    this.logger.warn(
      `invoice number ${sequence} was taken but not kept: the ${type} lease of ${String(contract._id)} lapsed`,
    );
    return this.numberedByOther(contract, type);
  }

  /** Another request holds (or held) the lease: its number, else "try again". */
  private async numberedByOther(contract: Contract, type: InvoiceType): Promise<Contract> {
    const fresh = await this.repository.findById<StandardContractForm>(contract._id);
    if (fresh?.invoices?.[type]?.number) return fresh;
    throw new ConflictException(INVOICE_ERRORS.busy(type));
  }

  // ── The PDF ──

  private dueDateOf(stored: StoredInvoice): Date {
    return invoiceDueDate(stored.issuedAt ?? new Date(), this.config.INVOICE_DUE_DAYS);
  }

  private render(contract: Contract, type: InvoiceType, isReminder: boolean) {
    const stored = contract.invoices?.[type] ?? {};
    const form = contract.form;
    const amount = invoiceAmount(type, amountsOf(contract));
    const status = stored.status ?? 'not paid';
    const issuedAt = new Date(stored.issuedAt ?? Date.now());
    return renderInvoice(
      {
        letterhead: FIRM_LETTERHEAD,
        invoiceNumber: formatInvoiceNumber(stored.number!),
        typeLabel: INVOICE_TYPE_LABELS[type],
        issuedAt,
        dueAt: this.dueDateOf(stored),
        billTo: {
          name: form.full_name,
          company: form.company_name,
          email: form.email,
          phone: form.contact_number,
          address: projectAddressOf(form),
        },
        contract: {
          title: agreementTitleOf(form),
          reference: String(contract._id),
          signedAt: contract.signedAt,
          projectAddress: projectAddressOf(form),
          cost: form.cost,
        },
        amount,
        paidSoFar: paidSoFar(status, amount, stored.paidAmount),
        statusLabel: INVOICE_STATUS_LABELS[status],
        paymentInstructions: this.config.INVOICE_PAYMENT_INSTRUCTIONS,
        isReminder,
      },
      // The issue date makes the file repeatable for the same state.
      issuedAt,
    );
  }
}

/** The path's type, or a clear 404 for any other word. */
function invoiceType(raw: string): InvoiceType {
  if (!isInvoiceType(raw)) throw new NotFoundException(INVOICE_ERRORS.unknownType(raw));
  return raw;
}

/**
 * The family invoices are drawn on (spec 2's standard contracts): everything here reads its
 * form (`StandardContractForm`: amounts, client, site), so another family's agreement is
 * not found rather than read as one.
 */
const INVOICED_FAMILY = STANDARD_FAMILY_DEFINITION.id;

/** A listed, signed standard contract, or the refusal that says why not. */
function signedContract(contract: Contract | null): Contract {
  if (!contract || contract.family !== INVOICED_FAMILY || !contract.status || contract.deletedAt) {
    throw new NotFoundException(INVOICE_ERRORS.contractNotFound);
  }
  if (!SIGNED_STATUSES.includes(contract.status as (typeof SIGNED_STATUSES)[number])) {
    throw new ConflictException(INVOICE_ERRORS.notSigned);
  }
  return contract;
}

function amountsOf(contract: Contract): InvoicedAmounts {
  const { cost, deposit, progress, balance } = contract.form;
  return { cost, deposit, progress, balance };
}

function detailsOf(contract: Contract): InvoiceDetails {
  return invoiceDetailsOf({
    _id: contract._id,
    token: contract.token,
    amounts: amountsOf(contract),
    invoices: contract.invoices,
  });
}

function projectAddressOf(form: StandardContractForm): string {
  return [form.site_address, form.city, [form.state, form.zipcode].filter(Boolean).join(' ')]
    .map((part) => part?.trim())
    .filter(Boolean)
    .join(', ');
}

function agreementTitleOf(form: StandardContractForm): string {
  return agreementTitle(form.contractTitle, form.form_type);
}

/** "2,500.00": the mail writes the dollar sign itself. */
/** How a CRM note names an invoice: "Deposit invoice 2026-0007 ($1,200.00)". */
function invoiceNamed(
  type: InvoiceType,
  number: number | null | undefined,
  amount: number,
): string {
  const numbered = number ? ` ${formatInvoiceNumber(number)}` : '';
  return `${INVOICE_TYPE_LABELS[type]} invoice${numbered} (${formatUsd(amount)})`;
}

function plainAmount(amount: number): string {
  return formatUsd(amount).replace(/^\$/, '');
}
