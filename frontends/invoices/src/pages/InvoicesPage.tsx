import {
  isApiError,
  useDownloadInvoicePdf,
  useInvoiceList,
  useInvoicesLive,
  useSendInvoice,
  useUpdateInvoiceStatus,
} from '@prosign/api-client';
import {
  INVOICE_MESSAGES,
  type InvoiceClientView,
  type InvoiceStatus,
  type InvoiceType,
} from '@prosign/domain';
import { PageHeader, useToast } from '@prosign/ui';
import { AgreementCardSkeletons, Pagination } from '@prosign/ui/agreements';
import { useEffect, useRef, useState } from 'react';
import { InvoiceCard, type InvoiceBusy } from '../invoices/InvoiceCard';
import { PartialPaymentDialog } from '../invoices/PartialPaymentDialog';
import '../invoices/invoices.css';

/** Notices stay 6 s (spec 3 §8). */
const NOTICE_MS = 6000;

/** The server's reason after the spec's words, when it refused the request itself. */
function withReason(message: string, error: unknown): string {
  if (isApiError(error) && error.isClientError && error.message) {
    return `${message} ${error.message}`;
  }
  return message;
}

/** A partial payment being entered: which contract and type, and the amount billed. */
interface PendingPartial {
  client: InvoiceClientView;
  type: InvoiceType;
}

/**
 * The signed contracts' page being shown, kept live; a failed fetch is told once
 * per failure (spec 3 §8), and a page emptied by a contract leaving goes back one.
 */
function useInvoicePages() {
  const [page, setPage] = useState(1);
  const list = useInvoiceList(page);
  useInvoicesLive();
  const toast = useToast();

  const toldError = useRef<unknown>(null);
  useEffect(() => {
    if (!list.isError || toldError.current === list.error) return;
    toldError.current = list.error;
    toast.error(fetchErrorMessage(list.error), NOTICE_MS);
  }, [list.isError, list.error, toast]);

  const clients = list.data?.filteredClients ?? [];
  const totalPages = list.data?.totalPages ?? 1;
  // The last page emptied (a contract left the list): go back to the one before.
  useEffect(() => {
    if (list.data && page > 1 && page > totalPages) setPage(Math.max(1, totalPages));
  }, [list.data, page, totalPages]);

  return { page, setPage, list, clients, totalPages };
}

/**
 * /invoices (spec 3 §2): the signed contracts 10 a page, each with its deposit,
 * progress and balance invoices — amount, status (changeable), when it was
 * sent, its PDF, and Send (Reminder once sent; none when paid). Another open
 * screen's sends and payments show here live.
 */
export function InvoicesPage() {
  const { page, setPage, list, clients, totalPages } = useInvoicePages();
  const toast = useToast();
  const updateStatus = useUpdateInvoiceStatus();
  const sendInvoice = useSendInvoice();
  const download = useDownloadInvoicePdf();
  const [busy, setBusy] = useState<InvoiceBusy | null>(null);
  const [partial, setPartial] = useState<PendingPartial | null>(null);

  async function changeStatus(
    client: InvoiceClientView,
    type: InvoiceType,
    status: InvoiceStatus,
    paidAmount?: number,
  ): Promise<boolean> {
    setBusy({ id: client._id, type, action: 'status' });
    try {
      await updateStatus.mutateAsync({
        userId: client.invoiceDetails._id,
        type,
        status,
        ...(status === 'partially paid' ? { paidAmount } : {}),
      });
      toast.success(INVOICE_MESSAGES.statusUpdated(type, status), NOTICE_MS);
      return true;
    } catch (error) {
      toast.error(withReason(INVOICE_MESSAGES.updateFailed, error), NOTICE_MS);
      return false;
    } finally {
      setBusy(null);
    }
  }

  function chooseStatus(client: InvoiceClientView, type: InvoiceType, status: InvoiceStatus) {
    if (status === client.invoiceDetails[type].status) return;
    // Partially paid needs what was paid so far.
    if (status === 'partially paid') setPartial({ client, type });
    else void changeStatus(client, type, status);
  }

  async function send(client: InvoiceClientView, type: InvoiceType) {
    const isReminder = Boolean(client.invoiceDetails[type].sentAt);
    setBusy({ id: client._id, type, action: 'send' });
    try {
      const sent = await sendInvoice.mutateAsync({
        type,
        token: client.invoiceDetails.token,
        isReminder,
      });
      toast.success(
        `${isReminder ? INVOICE_MESSAGES.reminderSent(type) : INVOICE_MESSAGES.sent(type)} (${sent.invoiceNumber})`,
        NOTICE_MS,
      );
    } catch (error) {
      toast.error(withReason(INVOICE_MESSAGES.sendFailed(type), error), NOTICE_MS);
    } finally {
      setBusy(null);
    }
  }

  async function downloadPdf(client: InvoiceClientView, type: InvoiceType) {
    setBusy({ id: client._id, type, action: 'download' });
    try {
      const pdf = await download.mutateAsync({ type, token: client.invoiceDetails.token });
      const number = client.invoiceDetails[type].invoiceNumber;
      saveFile(pdf, `${number ?? client.full_name.replace(/[^\w.-]+/g, '-')}-${type}-invoice.pdf`);
    } catch (error) {
      toast.error(withReason(INVOICE_MESSAGES.downloadFailed(type), error), NOTICE_MS);
    } finally {
      setBusy(null);
    }
  }

  return (
    <div className="ps-page dash-page inv-page">
      <PageHeader
        title="Invoices"
        description="Send the deposit, progress and balance invoices of signed contracts, remind clients and record payments."
      />
      {list.isPending ? (
        <>
          <p className="ps-visually-hidden" role="status">
            Loading invoices…
          </p>
          <AgreementCardSkeletons count={4} />
        </>
      ) : list.isError ? (
        <div className="dash-error inv-error" role="alert">
          <p>{fetchErrorMessage(list.error)}</p>
          <button type="button" className="ps-button" onClick={() => void list.refetch()}>
            Try again
          </button>
        </div>
      ) : clients.length === 0 ? (
        <div className="dash-empty ps-card" role="status">
          <p>{INVOICE_MESSAGES.empty}</p>
        </div>
      ) : (
        <>
          <ul
            className={`dash-grid inv-grid${list.isPlaceholderData ? ' dash-grid--stale' : ''}`}
            aria-label="Signed contracts"
            aria-busy={list.isFetching}
          >
            {clients.map((client) => (
              <InvoiceCard
                key={client._id}
                client={client}
                busy={busy?.id === client._id ? busy : null}
                onStatus={(type, status) => chooseStatus(client, type, status)}
                onSend={(type) => void send(client, type)}
                onDownload={(type) => void downloadPdf(client, type)}
              />
            ))}
          </ul>
          <Pagination
            page={page}
            totalPages={totalPages}
            total={list.data?.total ?? clients.length}
            onPage={setPage}
            noun="signed contracts"
          />
        </>
      )}
      {partial ? (
        <PartialPaymentDialog
          clientName={partial.client.full_name}
          type={partial.type}
          amount={partial.client.invoiceDetails[partial.type].amount}
          initial={
            partial.client.invoiceDetails[partial.type].status === 'partially paid'
              ? partial.client.invoiceDetails[partial.type].paidAmount
              : null
          }
          saving={busy?.action === 'status'}
          onCancel={() => setPartial(null)}
          onSave={async (paid) => {
            if (await changeStatus(partial.client, partial.type, 'partially paid', paid)) {
              setPartial(null);
            }
          }}
        />
      ) : null}
    </div>
  );
}

/** Spec 3 §8 has two: the server answered with an error, or it could not be reached at all. */
function fetchErrorMessage(error: unknown): string {
  return isApiError(error) && !error.isNetworkError
    ? INVOICE_MESSAGES.fetchError
    : INVOICE_MESSAGES.fetchFailed;
}

/** Hands a downloaded PDF to the browser as a file. */
function saveFile(blob: Blob, filename: string) {
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = filename;
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 1000);
}
