import { useApiUrl } from '@prosign/api-client';
import {
  formatUsd,
  INVOICE_MESSAGES,
  INVOICE_STATUS_LABELS,
  INVOICE_STATUSES,
  INVOICE_TYPE_LABELS,
  INVOICE_TYPES,
  invoiceSendLabel,
  type InvoiceClientView,
  type InvoiceStatus,
  type InvoiceType,
  type InvoiceTypeView,
} from '@prosign/domain';
import { pacificTime, StatusBadge, truncatedAddress } from '@prosign/ui/agreements';
import { Select, type SelectOption } from '@prosign/ui/controls';

/** What is running for one card: which type and which action (its controls wait). */
export interface InvoiceBusy {
  id: string;
  type: InvoiceType;
  action: 'status' | 'send' | 'download';
}

export interface InvoiceCardProps {
  client: InvoiceClientView;
  busy: InvoiceBusy | null;
  onStatus: (type: InvoiceType, status: InvoiceStatus) => void;
  onSend: (type: InvoiceType) => void;
  onDownload: (type: InvoiceType) => void;
}

const STATUS_OPTIONS: readonly SelectOption<InvoiceStatus>[] = INVOICE_STATUSES.map((status) => ({
  value: status,
  label: INVOICE_STATUS_LABELS[status],
}));

/** One signed contract: the client, the contract, and its three invoices. */
export function InvoiceCard({ client, busy, onStatus, onSend, onDownload }: InvoiceCardProps) {
  const name = client.full_name || client.email;
  const titleId = `invoice-card-${client._id}`;
  const address = client.summary.address;
  return (
    <li className="dash-card dash-card--signed inv-card" aria-labelledby={titleId}>
      <div className="dash-card__top">
        <StatusBadge family="standard" status={client.status} />
        <span className="inv-card__signed">
          Signed <time dateTime={client.signedAt ?? undefined}>{pacificTime(client.signedAt)}</time>
        </span>
      </div>
      <h3 id={titleId} className="dash-card__name">
        {name}
      </h3>
      <p className="inv-card__contact">
        <a href={`mailto:${client.email}`}>{client.email}</a>
        {client.contact_number ? <span> · {client.contact_number}</span> : null}
      </p>
      <p className="dash-card__title">
        {client.summary.title} · {formatUsd(client.cost)}
      </p>
      {address ? (
        <p className="dash-card__address" title={address}>
          {truncatedAddress(address)}
        </p>
      ) : null}
      <ul className="inv-types" aria-label={`Invoices of ${name}`}>
        {INVOICE_TYPES.map((type) => (
          <InvoiceRow
            key={type}
            invoice={client.invoiceDetails[type]}
            clientName={name}
            busy={busy?.type === type ? busy.action : null}
            onStatus={(status) => onStatus(type, status)}
            onSend={() => onSend(type)}
            onDownload={() => onDownload(type)}
          />
        ))}
      </ul>
    </li>
  );
}

interface InvoiceRowProps {
  invoice: InvoiceTypeView;
  clientName: string;
  busy: InvoiceBusy['action'] | null;
  onStatus: (status: InvoiceStatus) => void;
  onSend: () => void;
  onDownload: () => void;
}

/** One invoice type: amount, status, when sent, its PDF and Send/Reminder. */
function InvoiceRow({ invoice, clientName, busy, onStatus, onSend, onDownload }: InvoiceRowProps) {
  const apiUrl = useApiUrl();
  const { type } = invoice;
  const label = INVOICE_TYPE_LABELS[type];
  const headingId = `${type}-${invoice.link}`;
  const sendLabel = invoiceSendLabel(invoice);
  const of = (
    <span className="ps-visually-hidden">
      {' '}
      the {type} invoice of {clientName}
    </span>
  );

  if (invoice.amount <= 0) {
    return (
      <li className="inv-type inv-type--none" aria-label={`${label} invoice`}>
        <h4 className="inv-type__name">{label}</h4>
        <p className="inv-type__none">{INVOICE_MESSAGES.nothingToInvoice(type)}</p>
      </li>
    );
  }

  return (
    <li className={`inv-type inv-type--${statusClass(invoice.status)}`} aria-labelledby={headingId}>
      <div className="inv-type__head">
        <h4 id={headingId} className="inv-type__name">
          {label} invoice
        </h4>
        <span className="inv-type__amount">{formatUsd(invoice.amount)}</span>
      </div>
      <Select
        label={`${label} status`}
        className="inv-type__status"
        options={STATUS_OPTIONS}
        value={invoice.status}
        isDisabled={busy !== null}
        onChange={(status) => {
          if (status) onStatus(status);
        }}
      />
      <dl className="inv-type__facts">
        {invoice.status === 'partially paid' ? (
          <div>
            <dt>Paid so far</dt>
            <dd>{formatUsd(invoice.paidAmount)}</dd>
          </div>
        ) : null}
        <div>
          <dt>Sent</dt>
          <dd>
            {invoice.sentAt ? (
              <time dateTime={invoice.sentAt}>{pacificTime(invoice.sentAt)}</time>
            ) : (
              'Not sent yet'
            )}
          </dd>
        </div>
        {invoice.reminderCount > 0 && invoice.lastSentAt ? (
          <div>
            <dt>Last reminder</dt>
            <dd>
              <time dateTime={invoice.lastSentAt}>{pacificTime(invoice.lastSentAt)}</time>
            </dd>
          </div>
        ) : null}
        <div>
          <dt>Invoice</dt>
          <dd>
            <a href={`${apiUrl.replace(/\/+$/, '')}${invoice.link}`} target="_blank" rel="noopener">
              {invoice.invoiceNumber ?? 'Invoice PDF'}
              {of}
            </a>
          </dd>
        </div>
      </dl>
      <div className="inv-type__actions">
        <button
          type="button"
          className="ps-button"
          onClick={onDownload}
          disabled={busy !== null}
          aria-busy={busy === 'download'}
        >
          {busy === 'download' ? 'Downloading…' : 'Download PDF'}
          {of}
        </button>
        {sendLabel ? (
          <button
            type="button"
            className="ps-button ps-button--primary"
            onClick={onSend}
            disabled={busy !== null}
            aria-busy={busy === 'send'}
          >
            {busy === 'send' ? 'Sending…' : sendLabel}
            {of}
          </button>
        ) : null}
      </div>
    </li>
  );
}

function statusClass(status: InvoiceStatus): string {
  return status.replace(/\s+/g, '-');
}
