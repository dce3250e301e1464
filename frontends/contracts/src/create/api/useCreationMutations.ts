import { contractsApi, crmApi, useApiClient } from '@prosign/api-client';
import {
  buildDocLink,
  standardTemplateDocIdFor,
  type CreateContractRequest,
  type CreatedContract,
  type DealLookupView,
  type SendContractInput,
} from '@prosign/domain';
import { useMutation } from '@tanstack/react-query';

/**
 * The creation screen's requests as TanStack Query mutations: the screen shows
 * their pending state (no busy flags of its own) and reacts in their callbacks.
 */

/** A picked deal with its CSM's e-mail (the deal's CSM, else its owner; '' when unknown). */
export function useDealLookup() {
  const client = useApiClient();
  return useMutation({
    mutationFn: async (dealId: string): Promise<{ lookup: DealLookupView; csmEmail: string }> => {
      const lookup = await crmApi.fetchDealById(client, dealId);
      if (lookup.redirect) return { lookup, csmEmail: '' };
      const ownerId =
        lookup.deal.properties.customer_success_manager ?? lookup.deal.properties.hubspot_owner_id;
      const csmEmail = ownerId
        ? await crmApi
            .owner(client, ownerId)
            .then((found) => found.owner.email)
            .catch(() => '')
        : '';
      return { lookup, csmEmail };
    },
  });
}

/** The CRM deal check before the editor (spec 2 §4). */
export function useDealCheck() {
  const client = useApiClient();
  return useMutation({
    mutationFn: (dealId: string) => crmApi.checkDealProperties(client, dealId),
  });
}

/**
 * Creates the document from the standard template of the service, with one
 * signature block per signer when there are additional signers and the firm's
 * block left for a countersigner. Without them it is the api-client's call;
 * with them the same call carries `additional_signers` and `countersigner`
 * (the api-client's createContract takes the form only).
 */
export function useCreateDocument() {
  const client = useApiClient();
  return useMutation({
    mutationFn: ({
      serviceType,
      formData,
      additional_signers,
      countersigner,
    }: {
      serviceType: string;
      formData: Parameters<typeof contractsApi.createContract>[2];
    } & Pick<CreateContractRequest, 'additional_signers' | 'countersigner'>) => {
      const docLink = buildDocLink(
        `${client.baseUrl.replace(/\/+$/, '')}/api/documents`,
        standardTemplateDocIdFor(serviceType),
      );
      if (!additional_signers?.length && !countersigner) {
        return contractsApi.createContract(client, docLink, formData);
      }
      return client.post<CreatedContract>('/api/template/create-contract', {
        docLink,
        formData,
        ...(additional_signers?.length ? { additional_signers } : {}),
        ...(countersigner ? { countersigner } : {}),
      } satisfies CreateContractRequest);
    },
  });
}

/** The deal follows what the contract says (amounts, address, CSM); nothing waits for it. */
export function useUpdateDeal() {
  const client = useApiClient();
  return useMutation({
    mutationFn: ({ dealId, formData }: { dealId: string; formData: Record<string, unknown> }) =>
      crmApi.updateAll(client, dealId, formData),
  });
}

export function useSendContract() {
  const client = useApiClient();
  return useMutation({
    mutationFn: (input: SendContractInput) => contractsApi.send(client, input),
  });
}

/** The saved document as a PDF download named after the service and site. */
export function useDownloadPdf() {
  const client = useApiClient();
  return useMutation({
    mutationFn: async ({ docLink, filename }: { docLink: string; filename: string }) => {
      const pdf = await contractsApi.generatePdf(client, docLink);
      const url = URL.createObjectURL(pdf);
      const anchor = document.createElement('a');
      anchor.href = url;
      anchor.download = filename;
      anchor.click();
      setTimeout(() => URL.revokeObjectURL(url), 1000);
    },
  });
}
