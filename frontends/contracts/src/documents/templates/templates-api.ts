// The templates of prepared documents (libs/domain document-agreement.ts), over the API client:
// the list, one version, saving (a new template or a new version), archiving, and a draft made
// from a template with a person for each role.
import { useApiClient, type ApiClient } from '@prosign/api-client';
import type {
  AgreementPage,
  DocumentDraft,
  DocumentTemplate,
  DocumentTemplateSave,
  DocumentTemplateSummary,
  DocumentTemplateUse,
} from '@prosign/domain';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';

const TEMPLATES = '/api/documents/templates';
const templatePath = (id: string) => `${TEMPLATES}/${encodeURIComponent(id)}`;

export interface TemplateListQuery {
  search: string;
  archived: boolean;
  page: number;
}

const templateKeys = {
  all: ['documents', 'templates'] as const,
  list: (query: TemplateListQuery) => [...templateKeys.all, 'list', query] as const,
  one: (id: string, version: number) => [...templateKeys.all, 'one', id, version] as const,
};

export const templatesApi = {
  list: (client: ApiClient, query: TemplateListQuery, signal?: AbortSignal) =>
    client.get<AgreementPage<DocumentTemplateSummary>>(TEMPLATES, {
      query: {
        search: query.search.trim() || undefined,
        archived: String(query.archived),
        page: query.page,
      },
      signal,
    }),
  get: (client: ApiClient, id: string, version: number, signal?: AbortSignal) =>
    client.get<DocumentTemplate>(templatePath(id), { query: { version }, signal }),
  create: (client: ApiClient, body: DocumentTemplateSave) =>
    client.post<DocumentTemplate>(TEMPLATES, body),
  saveVersion: (client: ApiClient, id: string, body: DocumentTemplateSave) =>
    client.put<DocumentTemplate>(templatePath(id), body),
  setArchived: (client: ApiClient, id: string, archived: boolean) =>
    client.post<DocumentTemplateSummary>(
      `${templatePath(id)}/${archived ? 'archive' : 'unarchive'}`,
    ),
  draft: (client: ApiClient, id: string, body: DocumentTemplateUse) =>
    client.post<DocumentDraft>(`${templatePath(id)}/drafts`, body),
};

/** A page of the list; the previous page stays shown while the next one loads. */
export function useTemplateList(query: TemplateListQuery) {
  const client = useApiClient();
  return useQuery({
    queryKey: templateKeys.list(query),
    queryFn: ({ signal }) => templatesApi.list(client, query, signal),
    placeholderData: keepPreviousData,
  });
}

/** One version of a template (the one a draft was made from), when there is one to read. */
export function useTemplateVersion(ref: { id: string; version: number } | null) {
  const client = useApiClient();
  return useQuery({
    queryKey: templateKeys.one(ref?.id ?? '', ref?.version ?? 0),
    queryFn: ({ signal }) => templatesApi.get(client, ref!.id, ref!.version, signal),
    enabled: ref !== null,
    staleTime: Infinity,
  });
}

/** Archives or restores a template; the list is read again. */
export function useArchiveTemplate() {
  const client = useApiClient();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, archived }: { id: string; archived: boolean }) =>
      templatesApi.setArchived(client, id, archived),
    onSettled: () => queryClient.invalidateQueries({ queryKey: templateKeys.all }),
  });
}

/** Saves a new template, or a new version of `templateId`; the list is read again. */
export function useSaveTemplate() {
  const client = useApiClient();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({
      templateId,
      body,
    }: {
      templateId: string | null;
      body: DocumentTemplateSave;
    }) =>
      templateId === null
        ? templatesApi.create(client, body)
        : templatesApi.saveVersion(client, templateId, body),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: templateKeys.all }),
  });
}
