import {
  INVOICE_PAGE_SIZE,
  invoicePdfPath,
  sendInvoicePath,
  UPDATE_INVOICE_STATUS_PATH,
  type InvoiceListResponse,
  type InvoiceType,
  type SendInvoiceRequest,
  type SendInvoiceResponse,
  type UpdateInvoiceStatusRequest,
  type UpdateInvoiceStatusResponse,
} from '@prosign/domain';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { ApiError } from '../client/ApiError';
import type { ApiClient } from '../client/createApiClient';
import { useApiClient } from '../config/RuntimeConfigProvider';
import { useStaffRealtime } from '../realtime/useStaffRealtime';

/** The invoice screen's calls (spec 3 §7 "Invoices"). */
export const invoicesApi = {
  /** One page of signed contracts with their invoices: `GET /api/user/details?filters=signed&limit=10`. */
  list: (client: ApiClient, page: number, signal?: AbortSignal) =>
    client.get<InvoiceListResponse>('/api/user/details', {
      query: { page, limit: INVOICE_PAGE_SIZE, filters: 'signed' },
      signal,
    }),
  updateStatus: (client: ApiClient, body: UpdateInvoiceStatusRequest) =>
    client.put<UpdateInvoiceStatusResponse>(UPDATE_INVOICE_STATUS_PATH, body),
  send: (client: ApiClient, type: InvoiceType, body: SendInvoiceRequest) =>
    client.post<SendInvoiceResponse>(sendInvoicePath(type), body),
  /** The invoice PDF (binary): `GET /api/template/download-{type}-pdf/{token}`. */
  async downloadPdf(client: ApiClient, type: InvoiceType, token: string): Promise<Blob> {
    let response: Response;
    try {
      response = await fetch(
        `${client.baseUrl.replace(/\/+$/, '')}${invoicePdfPath(type, token)}`,
        {
          credentials: 'include',
          headers: { accept: 'application/pdf' },
        },
      );
    } catch (cause) {
      throw ApiError.network(cause);
    }
    if (!response.ok) {
      let body: unknown;
      try {
        body = await response.json();
      } catch {
        body = undefined;
      }
      throw ApiError.fromBody(response.status, response.statusText, body);
    }
    return response.blob();
  },
};

/** Query keys: everything of the invoice screen sits under `['invoices']`. */
const invoiceKeys = {
  all: ['invoices'] as const,
  page: (page: number) => ['invoices', 'list', page] as const,
};

/** One page (10) of signed contracts; the previous page stays on screen while the next loads. */
export function useInvoiceList(page: number) {
  const client = useApiClient();
  return useQuery({
    queryKey: invoiceKeys.page(page),
    queryFn: ({ signal }) => invoicesApi.list(client, page, signal),
    placeholderData: keepPreviousData,
  });
}

/** Changes one type's status; every page is refetched when it settles. */
export function useUpdateInvoiceStatus() {
  const client = useApiClient();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: UpdateInvoiceStatusRequest) => invoicesApi.updateStatus(client, body),
    onSettled: () => queryClient.invalidateQueries({ queryKey: invoiceKeys.all }),
  });
}

/** Sends one type's invoice (or its reminder); every page is refetched when it settles. */
export function useSendInvoice() {
  const client = useApiClient();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ type, ...body }: SendInvoiceRequest & { type: InvoiceType }) =>
      invoicesApi.send(client, type, body),
    onSettled: () => queryClient.invalidateQueries({ queryKey: invoiceKeys.all }),
  });
}

/** Downloads one type's PDF as a Blob. */
export function useDownloadInvoicePdf() {
  const client = useApiClient();
  return useMutation({
    mutationFn: ({ type, token }: { type: InvoiceType; token: string }) =>
      invoicesApi.downloadPdf(client, type, token),
  });
}

/**
 * Keeps an open invoice screen current without reload: an invoice sent,
 * reminded or paid from another screen refetches the pages.
 */
export function useInvoicesLive(): void {
  const queryClient = useQueryClient();
  useStaffRealtime({
    onInvoiceChanged: () => void queryClient.invalidateQueries({ queryKey: invoiceKeys.all }),
    onReconnect: () => void queryClient.invalidateQueries({ queryKey: invoiceKeys.all }),
  });
}
