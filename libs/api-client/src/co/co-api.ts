import type {
  CoContactsResponse,
  CoCreateContractRequest,
  CoCreatedContract,
  CoDealResponse,
  CoDealsResponse,
  CoDuplicateDealRequest,
  CoDuplicateDealResponse,
  CoFormFieldsResponse,
  CoMissingPropertiesRequest,
  CoMissingPropertiesResponse,
  CoProjectLabelResponse,
  CoProjectsResponse,
  CoSendContractRequest,
  CoSendCopyRequest,
  CoSendResult,
  CoTemplatesResponse,
  CoTemplateUpdated,
  CoTemplateUpdateRequest,
  CoTemplateView,
  CoUpdateCrmRequest,
} from '@prosign/domain';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { ApiClient } from '../client/createApiClient';
import { useApiClient } from '../config/RuntimeConfigProvider';
import { accessApi } from '../staff/staff-api';

/** Spec 3 §9: deal and project searches wait 500 ms after the last keystroke, the contact search 1000 ms. */
export const CO_SEARCH_DEBOUNCE_MS = { deals: 500, projects: 500, contacts: 1000 } as const;

const co = (path: string) => `/api/co/${path}`;
const part = encodeURIComponent;

/** The change-order creation, template and CRM calls of spec 3 §7 (`/api/co/…`), typed by `@prosign/domain`. */
export const coApi = {
  templates: (client: ApiClient, signal?: AbortSignal) =>
    client.get<CoTemplatesResponse>(co('get-templates'), { signal }),
  template: (client: ApiClient, id: string, signal?: AbortSignal) =>
    client.get<CoTemplateView>(co(`get-template/${part(id)}`), { signal }),
  formFields: (client: ApiClient, id: string, signal?: AbortSignal) =>
    client.get<CoFormFieldsResponse>(co(`get-form-fields/${part(id)}`), { signal }),
  updateTemplate: (client: ApiClient, id: string, body: CoTemplateUpdateRequest) =>
    client.put<CoTemplateUpdated>(co(`update/${part(id)}`), body),
  dealsByAddress: (client: ApiClient, address: string, signal?: AbortSignal) =>
    client.get<CoDealsResponse>(co('get-deals-by-address'), { query: { address }, signal }),
  deal: (client: ApiClient, id: string, signal?: AbortSignal) =>
    client.get<CoDealResponse>(co(`get-deal/${part(id)}`), { signal }),
  searchContacts: (client: ApiClient, search: string, signal?: AbortSignal) =>
    client.get<CoContactsResponse>(co('search-contacts'), { query: { search }, signal }),
  searchProjects: (client: ApiClient, search: string, signal?: AbortSignal) =>
    client.get<CoProjectsResponse>(co('search-projects'), { query: { search }, signal }),
  projectLabel: (client: ApiClient, projectId: string, signal?: AbortSignal) =>
    client.get<CoProjectLabelResponse>(
      co(`get-next-project-association-label/${part(projectId)}`),
      { signal },
    ),
  updateCrm: (client: ApiClient, body: CoUpdateCrmRequest) =>
    client.post<{ success: true }>(co('update-hs'), body),
  duplicateDeal: (client: ApiClient, body: CoDuplicateDealRequest) =>
    client.post<CoDuplicateDealResponse>(co('duplicate-deal'), body),
  missingProperties: (client: ApiClient, body: CoMissingPropertiesRequest) =>
    client.post<CoMissingPropertiesResponse>(co('get-missing-properties'), body),
  createContract: (client: ApiClient, body: CoCreateContractRequest) =>
    client.post<CoCreatedContract>(co('create-contract'), body),
  sendContract: (client: ApiClient, body: CoSendContractRequest) =>
    client.post<CoSendResult>(co('send-contract'), body),
  sendContractCopy: (client: ApiClient, body: CoSendCopyRequest) =>
    client.post<{ success: true }>(co('send-contract-cc'), body),
};

const coKeys = {
  templates: ['co', 'templates'] as const,
  template: (id: string) => ['co', 'template', id] as const,
  formFields: (id: string) => ['co', 'form-fields', id] as const,
  deals: (address: string) => ['co', 'deals', address] as const,
  deal: (id: string) => ['co', 'deal', id] as const,
  contacts: (search: string) => ['co', 'contacts', search] as const,
  projects: (search: string) => ['co', 'projects', search] as const,
  projectLabel: (projectId: string) => ['co', 'project-label', projectId] as const,
};

/** `GET /api/co/get-templates` (loaded when /co opens). */
export function useCoTemplates() {
  const client = useApiClient();
  return useQuery({
    queryKey: coKeys.templates,
    queryFn: ({ signal }) => coApi.templates(client, signal),
  });
}

/** `GET /api/co/get-template/{id}`: the template texts an admin edits. */
export function useCoTemplate(id: string | null | undefined) {
  const client = useApiClient();
  return useQuery({
    queryKey: coKeys.template(id ?? ''),
    queryFn: ({ signal }) => coApi.template(client, id ?? '', signal),
    enabled: Boolean(id),
  });
}

/** `GET /api/co/get-form-fields/{id}`: the CO form definition, template texts and choices. */
export function useCoFormFields(id: string | null | undefined) {
  const client = useApiClient();
  return useQuery({
    queryKey: coKeys.formFields(id ?? ''),
    queryFn: ({ signal }) => coApi.formFields(client, id ?? '', signal),
    enabled: Boolean(id),
  });
}

/** `PUT /api/co/update/{id}` (admins only); the template and the form definition are re-read. */
export function useUpdateCoTemplate() {
  const client = useApiClient();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, templateFields }: { id: string } & CoTemplateUpdateRequest) =>
      coApi.updateTemplate(client, id, { templateFields }),
    onSuccess: (result) => {
      queryClient.setQueryData(coKeys.template(result.template._id), result.template);
      return queryClient.invalidateQueries({ queryKey: ['co', 'form-fields'] });
    },
  });
}

/**
 * The searches of /co as loaders for the debounced pickers of
 * `@prosign/ui/controls` (deal search, ProjectSearch, CrmContactPicker): the
 * pickers debounce (CO_SEARCH_DEBOUNCE_MS) and abort older requests; each
 * answer is cached a little while.
 */
export function useCoSearches() {
  const client = useApiClient();
  const queryClient = useQueryClient();
  const cached = <T>(queryKey: readonly unknown[], load: () => Promise<T>) =>
    queryClient.fetchQuery({ queryKey, queryFn: load, staleTime: 30_000 });
  return {
    searchDeals: (address: string, signal: AbortSignal) =>
      cached(coKeys.deals(address), () => coApi.dealsByAddress(client, address, signal)).then(
        (result) => result.deals,
      ),
    searchProjects: (search: string, signal: AbortSignal) =>
      cached(coKeys.projects(search), () => coApi.searchProjects(client, search, signal)).then(
        (result) => result.projects,
      ),
    searchContacts: (search: string, signal: AbortSignal) =>
      cached(coKeys.contacts(search), () => coApi.searchContacts(client, search, signal)),
  };
}

/** `GET /api/co/get-deal/{id}`: a deal picked in the search, with its signatories and project link. */
export function useCoDeal() {
  const client = useApiClient();
  return useMutation({ mutationFn: (id: string) => coApi.deal(client, id) });
}

/** `GET /api/co/get-next-project-association-label/{projectId}`: signed date and used labels. */
export function useCoProjectLabel() {
  const client = useApiClient();
  return useMutation({ mutationFn: (projectId: string) => coApi.projectLabel(client, projectId) });
}

/**
 * `GET /api/co/search-contacts?search=` for the signatory check on Create:
 * how many CRM contacts already have the typed e-mail (never cached).
 */
export function useCoContactLookup() {
  const client = useApiClient();
  return useMutation({ mutationFn: (email: string) => coApi.searchContacts(client, email) });
}

/** `POST /api/co/update-hs`: the deal associated with the project under the label. */
export function useCoUpdateCrm() {
  const client = useApiClient();
  return useMutation({ mutationFn: (body: CoUpdateCrmRequest) => coApi.updateCrm(client, body) });
}

/** `POST /api/co/duplicate-deal`: the split's second payment as a copy of the deal. */
export function useCoDuplicateDeal() {
  const client = useApiClient();
  return useMutation({
    mutationFn: (body: CoDuplicateDealRequest) => coApi.duplicateDeal(client, body),
  });
}

/** `POST /api/co/get-missing-properties` */
export function useCoMissingProperties() {
  const client = useApiClient();
  return useMutation({
    mutationFn: (body: CoMissingPropertiesRequest) => coApi.missingProperties(client, body),
  });
}

/** `POST /api/co/create-contract` */
export function useCreateCoContract() {
  const client = useApiClient();
  return useMutation({
    mutationFn: (body: CoCreateContractRequest) => coApi.createContract(client, body),
  });
}

/** `POST /api/co/send-contract`; the agreement lists are re-read afterwards. */
export function useSendCoContract() {
  const client = useApiClient();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: CoSendContractRequest) => coApi.sendContract(client, body),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ['agreements'] }),
  });
}

/** `POST /api/co/send-contract-cc`: a copy of the document to the cc list. */
export function useSendCoContractCopy() {
  const client = useApiClient();
  return useMutation({
    mutationFn: (docLink: string) => coApi.sendContractCopy(client, { docLink }),
  });
}

/** The CSM and PM pickers of /co: staff users' addresses by role (`GET /api/access/user?role=`). */
export function useCoStaffUsers(role: 'csm' | 'pm') {
  const client = useApiClient();
  return useQuery({
    queryKey: ['access', 'users', role],
    queryFn: ({ signal }) => accessApi.listUsers(client, role, signal),
    select: (data) => data.users.map((user) => user.email),
  });
}
