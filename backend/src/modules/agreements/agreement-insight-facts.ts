import {
  calendarDayIn,
  declineReasonGroup,
  INVOICE_TYPES,
  invoiceAmount,
  invoiceDueDate,
  paidSoFar,
  SIGNED_STATUSES,
  SIGNER_ACTOR,
  waitingStageOf,
  weekStartOf,
  type DeclineReasonGroup,
  type InvoicedAmounts,
  type InvoiceType,
  type WaitingStage,
} from '@prosign/domain';
import type { Types } from 'mongoose';
import { familyConfig } from './agreement-family';
import type { Agreement } from './agreement.schema';

/** One invoice of a contract as the figures read it (billed, paid so far, still owed). */
export interface InvoiceFact {
  type: InvoiceType;
  issuedAt: Date;
  issuedDay: string;
  dueAt: Date;
  amount: number;
  paid: number;
  owed: number;
}

/**
 * What Insights reads of one agreement (`agreement_insights`, one small record per agreement,
 * `_id` = the agreement's): its figures' fields computed once, when the agreement changes,
 * so a request groups a few hundred bytes per agreement and never reads an event log. Days
 * and weeks are calendar days in the firm's time zone; flags are 0/1 so a `$group` sums them
 * (the embedded database has no conditional expressions).
 */
export interface AgreementInsightFacts {
  _id: Types.ObjectId;
  family: string;
  /** The CSM's or PM's e-mail (the family's `parties().senderEmail`), lower case. */
  owner: string;
  /** The CRM deal pipeline, when the agreement records one. */
  pipeline: string | null;
  fee: number;
  /** Published and not deleted: counted at all. */
  listed: boolean;
  status: string | null;
  sentAt: Date | null;
  sentDay: string | null;
  sentWeek: string | null;
  viewed: 0 | 1;
  signed: 0 | 1;
  declined: 0 | 1;
  expired: 0 | 1;
  voided: 0 | 1;
  signedDay: string | null;
  signedWeek: string | null;
  /** Days from the send to the signer's signature (two decimals); null unless a signer signed. */
  daysToSign: number | null;
  declinedDay: string | null;
  declinedWeek: string | null;
  declineGroup: DeclineReasonGroup | null;
  declineReason: string | null;
  /** Still waiting for a signature (an active status). */
  open: boolean;
  stage: WaitingStage | null;
  /** While open: since when nothing happened on the signer's side (the send, their last action). */
  idleSince: Date | null;
  /** The calendar day of `idleSince`: the stalled list's count and page read a range of days. */
  idleDay: string | null;
  invoices: InvoiceFact[];
  /** The day its latest invoice was issued (null: none): the invoices' range reads only these. */
  lastIssuedDay: string | null;
  /** Events the agreement had when these were computed: an older computation never overwrites. */
  eventCount: number;
}

/** Settings the facts depend on. */
export interface InsightFactSettings {
  timeZone: string;
  invoiceDueDays: number;
}

/** Events after which the signer's side is waited on afresh. */
const RESTARTING_EVENTS = new Set(['sent', 'handed_over', 'signer_changed', 'email_code_reopened']);

const flag = (value: boolean): 0 | 1 => (value ? 1 : 0);

/** The facts of a stored agreement (the whole record, as a write returns it). */
export function insightFactsOf(
  agreement: Agreement & { _id: Types.ObjectId },
  settings: InsightFactSettings,
): AgreementInsightFacts {
  const config = familyConfig(agreement.family);
  const form = agreement.form ?? {};
  const dayOf = (at: Date | null | undefined) =>
    at ? calendarDayIn(new Date(at), settings.timeZone) : null;
  const weekOf = (day: string | null) => (day ? weekStartOf(day) : null);
  const events = agreement.events ?? [];
  const status = agreement.status ?? null;
  const sentAt = status ? (agreement.createdAt ?? null) : null;
  const sentDay = dayOf(sentAt);
  const signedBySigner = events.find((event) => event.type === 'signed');
  const signedAt = agreement.signedAt ?? signedBySigner?.at ?? null;
  const wasSigned =
    signedAt !== null || SIGNED_STATUSES.includes(status as never) || status === 'void';
  const signedDay = wasSigned ? dayOf(signedAt ?? agreement.voidedAt) : null;
  const declinedAt = agreement.declinedAt ?? null;
  const declinedDay = dayOf(declinedAt);
  const stage = waitingStageOf(agreement.family, status);
  let idleSince: Date | null = null;
  if (stage && sentAt) {
    idleSince = new Date(sentAt);
    for (const event of events) {
      if (event.actor === SIGNER_ACTOR || RESTARTING_EVENTS.has(event.type)) {
        if (new Date(event.at) > idleSince) idleSince = new Date(event.at);
      }
    }
  }
  const invoices = invoiceFactsOf(agreement, settings, dayOf);
  let parties: { senderEmail: string } | null = null;
  try {
    parties = config.parties(form as never);
  } catch {
    parties = null;
  }
  return {
    _id: agreement._id,
    family: agreement.family,
    owner: (parties?.senderEmail || agreement.sentBy || '').trim().toLowerCase(),
    pipeline: pipelineOf(form),
    fee: config.fee(form as never),
    listed: status !== null && !agreement.deletedAt,
    status,
    sentAt,
    sentDay,
    sentWeek: weekOf(sentDay),
    viewed: flag(Boolean(agreement.viewedAt) || (agreement.viewedTimes ?? 0) > 0),
    signed: flag(wasSigned),
    declined: flag(declinedAt !== null || status === 'declined'),
    expired: flag(Boolean(agreement.expiredAt) || status === 'expired'),
    voided: flag(Boolean(agreement.voidedAt) || status === 'void'),
    signedDay,
    signedWeek: weekOf(signedDay),
    daysToSign:
      signedBySigner && sentAt
        ? Math.max(
            0,
            Math.round(
              ((new Date(signedBySigner.at).getTime() - new Date(sentAt).getTime()) / 86_400_000) *
                100,
            ) / 100,
          )
        : null,
    declinedDay,
    declinedWeek: weekOf(declinedDay),
    declineGroup: declinedDay ? declineReasonGroup(agreement.declineReason) : null,
    declineReason: declinedDay ? (agreement.declineReason ?? '').trim().slice(0, 200) : null,
    open: stage !== null,
    stage,
    idleSince,
    idleDay: dayOf(idleSince),
    invoices,
    lastIssuedDay: invoices.reduce<string | null>(
      (latest, invoice) =>
        latest === null || invoice.issuedDay > latest ? invoice.issuedDay : latest,
      null,
    ),
    eventCount: events.length,
  };
}

/**
 * The CRM pipeline of the agreement's deal, as its form recorded it when made (a contract's
 * `hs_pipeline`, a change order's `deal_pipeline`, a public API form's `pipeline`).
 */
function pipelineOf(form: object): string | null {
  const fields = form as Record<string, unknown>;
  const value = fields.hs_pipeline ?? fields.deal_pipeline ?? fields.pipeline;
  return typeof value === 'string' && value.trim() ? value.trim() : null;
}

function invoiceFactsOf(
  agreement: Agreement,
  settings: InsightFactSettings,
  dayOf: (at: Date) => string | null,
): InvoiceFact[] {
  const stored = agreement.invoices;
  if (!stored) return [];
  const amounts = agreement.form as unknown as InvoicedAmounts;
  const facts: InvoiceFact[] = [];
  for (const type of INVOICE_TYPES) {
    const invoice = stored[type];
    if (!invoice?.issuedAt) continue;
    const issuedAt = new Date(invoice.issuedAt);
    const amount = invoiceAmount(type, amounts);
    const paid = paidSoFar(invoice.status ?? 'not paid', amount, invoice.paidAmount);
    facts.push({
      type,
      issuedAt,
      issuedDay: dayOf(issuedAt)!,
      dueAt: invoiceDueDate(issuedAt, settings.invoiceDueDays),
      amount,
      paid,
      owed: Math.max(0, Math.round((amount - paid) * 100) / 100),
    });
  }
  return facts;
}
