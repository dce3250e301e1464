import type {
  SowCreateContractRequest,
  SowCreatedContract,
  SowFormFieldsResponse,
  SowMissingPropertiesRequest,
  SowMissingPropertiesResponse,
  SowPartnersResponse,
  SowProjectRequest,
  SowProjectResponse,
  SowProjectsResponse,
  SowSendContractRequest,
  SowSendCopyRequest,
  SowSendResult,
  SowServicesTemplateView,
  SowServicesUpdated,
  SowServicesUpdateRequest,
  SowTemplatesResponse,
  SowUpdateCrmRequest,
  SowUpdateCrmResponse,
} from '@prosign/domain';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { ApiClient } from '../client/createApiClient';
import { useApiClient } from '../config/RuntimeConfigProvider';

/** Spec 3 §9: the project search waits 500 ms after the last keystroke, the partner search 1000 ms. */
export const SOW_SEARCH_DEBOUNCE_MS = { projects: 500, partners: 1000 } as const;

const sow = (path: string) => `/api/sow/${path}`;
const part = encodeURIComponent;

/** The SOW creation, template and CRM calls of spec 3 §7 (`/api/sow/…`), typed by `@prosign/domain`. */
export const sowApi = {
  templates: (client: ApiClient, signal?: AbortSignal) =>
    client.get<SowTemplatesResponse>(sow('get-templates'), { signal }),
  formFields: (client: ApiClient, name: string, signal?: AbortSignal) =>
    client.get<SowFormFieldsResponse>(sow(`get-form-fields/${part(name)}`), { signal }),
  servicesByName: (client: ApiClient, name: string, signal?: AbortSignal) =>
    client.get<SowServicesTemplateView>(sow(`services-deliverables/name/${part(name)}`), {
      signal,
    }),
  updateServices: (client: ApiClient, id: string, body: SowServicesUpdateRequest) =>
    client.put<SowServicesUpdated>(sow(`services-deliverables/${part(id)}`), body),
  createContract: (client: ApiClient, body: SowCreateContractRequest) =>
    client.post<SowCreatedContract>(sow('create-contract'), body),
  sendContract: (client: ApiClient, body: SowSendContractRequest) =>
    client.post<SowSendResult>(sow('send-contract'), body),
  sendContractCopy: (client: ApiClient, body: SowSendCopyRequest) =>
    client.post<{ success: true }>(sow('send-contract-cc'), body),
  projectsByAddress: (client: ApiClient, address: string, signal?: AbortSignal) =>
    client.get<SowProjectsResponse>(sow('get-projects-by-address'), {
      query: { address },
      signal,
    }),
  project: (client: ApiClient, body: SowProjectRequest) =>
    client.post<SowProjectResponse>(sow('get-project'), body),
  searchPartners: (client: ApiClient, search: string, signal?: AbortSignal) =>
    client.get<SowPartnersResponse>(sow('search-cps'), { query: { search }, signal }),
  updateCrm: (client: ApiClient, body: SowUpdateCrmRequest) =>
    client.post<SowUpdateCrmResponse>(sow('update-hs'), body),
  missingProperties: (client: ApiClient, body: SowMissingPropertiesRequest) =>
    client.post<SowMissingPropertiesResponse>(sow('get-missing-properties'), body),
};

const sowKeys = {
  templates: ['sow', 'templates'] as const,
  formFields: (name: string) => ['sow', 'form-fields', name] as const,
  services: (name: string) => ['sow', 'services', name] as const,
  projects: (address: string) => ['sow', 'projects', address] as const,
  partners: (search: string) => ['sow', 'partners', search] as const,
};

/** `GET /api/sow/get-templates` */
export function useSowTemplates() {
  const client = useApiClient();
  return useQuery({
    queryKey: sowKeys.templates,
    queryFn: ({ signal }) => sowApi.templates(client, signal),
  });
}

/** `GET /api/sow/get-form-fields/{name}`: roles, sections, cc choices of a template. */
export function useSowFormFields(name: string | null | undefined) {
  const client = useApiClient();
  return useQuery({
    queryKey: sowKeys.formFields(name ?? ''),
    queryFn: ({ signal }) => sowApi.formFields(client, name ?? '', signal),
    enabled: Boolean(name),
  });
}

/** `GET /api/sow/services-deliverables/name/{name}` */
export function useSowServices(name: string | null | undefined) {
  const client = useApiClient();
  return useQuery({
    queryKey: sowKeys.services(name ?? ''),
    queryFn: ({ signal }) => sowApi.servicesByName(client, name ?? '', signal),
    enabled: Boolean(name),
  });
}

/** `PUT /api/sow/services-deliverables/{id}` (admins only); re-reads the template and form fields. */
export function useUpdateSowServices() {
  const client = useApiClient();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, services }: { id: string } & SowServicesUpdateRequest) =>
      sowApi.updateServices(client, id, { services }),
    onSuccess: (result) => {
      queryClient.setQueryData(sowKeys.services(result.template.name), result.template);
      return queryClient.invalidateQueries({ queryKey: ['sow', 'form-fields'] });
    },
  });
}

/**
 * The searches of the creation screen as loaders for the debounced pickers of
 * `@prosign/ui/controls` (ProjectSearch, partner picker): they debounce
 * (SOW_SEARCH_DEBOUNCE_MS) and abort older requests; each answer is cached.
 */
export function useSowSearches() {
  const client = useApiClient();
  const queryClient = useQueryClient();
  return {
    searchProjects: (address: string, signal: AbortSignal) =>
      queryClient
        .fetchQuery({
          queryKey: sowKeys.projects(address),
          queryFn: () => sowApi.projectsByAddress(client, address, signal),
          staleTime: 30_000,
        })
        .then((result) => result.projects),
    searchPartners: (search: string, signal: AbortSignal) =>
      queryClient
        .fetchQuery({
          queryKey: sowKeys.partners(search),
          queryFn: () => sowApi.searchPartners(client, search, signal),
          staleTime: 30_000,
        })
        .then((result) => result.cps),
  };
}

/** `POST /api/sow/get-project`: a project id or a pasted record URL. */
export function useSowProject() {
  const client = useApiClient();
  return useMutation({
    mutationFn: (recordId: string) => sowApi.project(client, { recordId }),
  });
}

/** `POST /api/sow/update-hs` */
export function useSowUpdateCrm() {
  const client = useApiClient();
  return useMutation({ mutationFn: (body: SowUpdateCrmRequest) => sowApi.updateCrm(client, body) });
}

/** `POST /api/sow/get-missing-properties` */
export function useSowMissingProperties() {
  const client = useApiClient();
  return useMutation({
    mutationFn: (body: SowMissingPropertiesRequest) => sowApi.missingProperties(client, body),
  });
}

/** `POST /api/sow/create-contract` */
export function useCreateSowContract() {
  const client = useApiClient();
  return useMutation({
    mutationFn: (body: SowCreateContractRequest) => sowApi.createContract(client, body),
  });
}

/** `POST /api/sow/send-contract`; the SOW lists are re-read afterwards. */
export function useSendSowContract() {
  const client = useApiClient();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: SowSendContractRequest) => sowApi.sendContract(client, body),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ['agreements'] }),
  });
}

/** The document as a PDF file (the docLink serves it to the signed-in staff member). */
export function useDownloadSowDocument() {
  return useMutation({
    mutationFn: async (docLink: string): Promise<Blob> => {
      const response = await fetch(docLink, {
        credentials: 'include',
        headers: { accept: 'application/pdf' },
      });
      if (!response.ok) throw new Error(`The PDF could not be downloaded (${response.status})`);
      return response.blob();
    },
  });
}
