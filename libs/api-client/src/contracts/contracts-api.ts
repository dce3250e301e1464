import type { ContractSendStep, DealPropertiesCheck } from '@prosign/domain';
import type { ApiClient } from '../client/createApiClient';

/** CRM record as both CRM adapters answer (`{id, properties}`). */
export interface CrmRecordView {
  id: string;
  properties: Record<string, string | null>;
}

export interface ClientSignatoryView {
  id: string;
  firstname: string | null;
  middlename: string | null;
  lastname: string | null;
  email: string | null;
  phone: string | null;
}

/** `POST /api/hubspot/fetch-deal-by-id` (spec 2 §7). */
export interface DealLookupView {
  deal: CrmRecordView;
  clientSignatories: ClientSignatoryView[];
  redirect: boolean;
}

export interface CrmOwnerView {
  id: string;
  email: string;
  firstName: string | null;
  lastName: string | null;
}

export interface ContactRoleChange {
  contactId?: string;
  email: string;
  firstname?: string;
  lastname?: string;
  phone?: string;
  role: string;
}

/** The contract record of spec 2 §3 as the creation screen sends it. */
export interface ContractRecordInput {
  docLink: string;
  full_name: string;
  email: string;
  company_name?: string;
  contact_number?: string;
  cc_email?: string;
  site_address?: string;
  city?: string;
  state?: string;
  zipcode?: string;
  cost: number;
  deposit: number;
  progress?: number;
  balance?: number;
  csm_email: string;
  pm_email?: string;
  form_type?: string;
  t24ReportCount: number;
  contractIntro?: string;
  contractTitle?: string;
  contractEngineerBasicService?: string;
  contractEngineerAddService?: string;
  contractDescription?: string;
  contractPayment?: string;
  contractLicense?: string;
  contractTermsAndConditions?: string;
  hsDealId?: string | null;
}

export interface SendContractInput extends ContractRecordInput {
  subject?: string;
  filename?: string;
  /** Edit and Resend: the token of the cancelled or expired contract replaced. */
  replacesToken?: string;
}

export interface ContractSendResult {
  token: string;
  signingLink: string;
  docLink: string;
  status: string | null;
  send: {
    state: 'in_progress' | 'completed';
    steps: Partial<Record<ContractSendStep, string>>;
  };
}

const hubspot = (path: string) => `/api/hubspot/${path}`;

/** The CRM calls of spec 2 §7 the creation screen makes (`{crm}` = hubspot). */
export const crmApi = {
  fetchDealById: (client: ApiClient, hsObjectId: string) =>
    client.post<DealLookupView>(hubspot('fetch-deal-by-id'), { hsObjectId }),
  dealsByAddress: (client: ApiClient, address: string, signal?: AbortSignal) =>
    client.get<{ deals: CrmRecordView[] }>(hubspot('deal-by-address'), {
      query: { address },
      signal,
    }),
  owner: (client: ApiClient, ownerId: string) =>
    client.get<{ owner: CrmOwnerView }>(hubspot('owner'), { query: { ownerId } }),
  propertyOptions: (client: ApiClient, objectType: string, propertyName: string) =>
    client.get<{ options: Array<{ label: string; value: string }> }>(hubspot('property'), {
      query: { objectType, propertyName },
    }),
  contactCountByEmail: (client: ApiClient, email: string) =>
    client.get<{ count: number }>(hubspot('contact-by-email'), { query: { email } }),
  checkDealProperties: (client: ApiClient, dealId: string) =>
    client.get<DealPropertiesCheck>(hubspot(`check-deal-properties/${encodeURIComponent(dealId)}`)),
  updateMissing: (
    client: ApiClient,
    dealId: string,
    body: {
      missingProperties: Record<string, string | string[]>;
      contractFormData: Record<string, unknown>;
      updatedContactRoles: ContactRoleChange[];
    },
  ) =>
    client.patch<{ success: true }>(
      hubspot(`update-deal-by-prosign/${encodeURIComponent(dealId)}/update-missing`),
      body,
    ),
  updateAll: (client: ApiClient, dealId: string, contractFormData: Record<string, unknown>) =>
    client.patch<{ success: true }>(
      hubspot(`update-deal-by-prosign/${encodeURIComponent(dealId)}/update-all`),
      { contractFormData },
    ),
};

/** Template and send calls of the creation screen (spec 2 §7, §4). */
export const contractsApi = {
  createContract: (client: ApiClient, docLink: string, formData: Record<string, unknown>) =>
    client.post<{ docLink: string }>('/api/template/create-contract', { docLink, formData }),
  /** The agreement as a PDF file (`POST /api/template/generate-pdf`). */
  async generatePdf(client: ApiClient, originalDocId: string): Promise<Blob> {
    const response = await fetch(
      `${client.baseUrl.replace(/\/+$/, '')}/api/template/generate-pdf`,
      {
        method: 'POST',
        credentials: 'include',
        headers: { 'content-type': 'application/json', accept: 'application/pdf' },
        body: JSON.stringify({ originalDocId }),
      },
    );
    if (!response.ok) throw new Error(`The PDF could not be generated (${response.status})`);
    return response.blob();
  },
  /** The whole send in one resumable call; repeating it completes an interrupted send. */
  send: (client: ApiClient, input: SendContractInput) =>
    client.post<ContractSendResult>('/api/contracts/send', input),
};
