import type {
  AgreementSendResult,
  ContactByEmailParams,
  ContactCount,
  CreateContractRequest,
  CreatedContract,
  CrmOwnerParams,
  CrmOwnerResponse,
  CrmUpdated,
  DealLookupView,
  DealPropertiesCheck,
  DealPropertiesUpdated,
  DealsByAddress,
  DealsByAddressParams,
  FetchDealRequest,
  GeneratePdfRequest,
  PropertyOptions,
  PropertyOptionsParams,
  SendContractInput,
  UpdateAllRequest,
  UpdateMissingRequest,
} from '@prosign/domain';
import type { ApiClient } from '../client/createApiClient';

const hubspot = (path: string) => `/api/hubspot/${path}`;

/** The CRM calls of spec 2 §7 the creation screen makes (`{crm}` = hubspot). */
export const crmApi = {
  fetchDealById: (client: ApiClient, hsObjectId: string) =>
    client.post<DealLookupView>(hubspot('fetch-deal-by-id'), {
      hsObjectId,
    } satisfies FetchDealRequest),
  dealsByAddress: (client: ApiClient, address: string, signal?: AbortSignal) =>
    client.get<DealsByAddress>(hubspot('deal-by-address'), {
      query: { address } satisfies DealsByAddressParams,
      signal,
    }),
  owner: (client: ApiClient, ownerId: string) =>
    client.get<CrmOwnerResponse>(hubspot('owner'), {
      query: { ownerId } satisfies CrmOwnerParams,
    }),
  propertyOptions: (client: ApiClient, objectType: string, propertyName: string) =>
    client.get<PropertyOptions>(hubspot('property'), {
      query: { objectType, propertyName } satisfies PropertyOptionsParams,
    }),
  contactCountByEmail: (client: ApiClient, email: string) =>
    client.get<ContactCount>(hubspot('contact-by-email'), {
      query: { email } satisfies ContactByEmailParams,
    }),
  checkDealProperties: (client: ApiClient, dealId: string) =>
    client.get<DealPropertiesCheck>(hubspot(`check-deal-properties/${encodeURIComponent(dealId)}`)),
  updateMissing: (client: ApiClient, dealId: string, body: UpdateMissingRequest) =>
    client.patch<CrmUpdated>(
      hubspot(`update-deal-by-prosign/${encodeURIComponent(dealId)}/update-missing`),
      body,
    ),
  updateAll: (client: ApiClient, dealId: string, contractFormData: Record<string, unknown>) =>
    client.patch<DealPropertiesUpdated>(
      hubspot(`update-deal-by-prosign/${encodeURIComponent(dealId)}/update-all`),
      { contractFormData } satisfies UpdateAllRequest,
    ),
};

/** Template and send calls of the creation screen (spec 2 §7, §4). */
export const contractsApi = {
  createContract: (client: ApiClient, docLink: string, formData: Record<string, unknown>) =>
    client.post<CreatedContract>('/api/template/create-contract', {
      docLink,
      formData,
    } satisfies CreateContractRequest),
  /** The agreement as a PDF file (`POST /api/template/generate-pdf`). */
  async generatePdf(client: ApiClient, originalDocId: string): Promise<Blob> {
    const response = await fetch(
      `${client.baseUrl.replace(/\/+$/, '')}/api/template/generate-pdf`,
      {
        method: 'POST',
        credentials: 'include',
        headers: { 'content-type': 'application/json', accept: 'application/pdf' },
        body: JSON.stringify({ originalDocId } satisfies GeneratePdfRequest),
      },
    );
    if (!response.ok) throw new Error(`The PDF could not be generated (${response.status})`);
    return response.blob();
  },
  /** The whole send in one resumable call; repeating it completes an interrupted send. */
  send: (client: ApiClient, input: SendContractInput) =>
    client.post<AgreementSendResult>('/api/contracts/send', input),
};
