// The draft the builder opens (`?draft=ID` on /documents/new): read once, kept while the page is
// open (the builder's own state is newer than any refetch), read again only when asked.
import { ApiError, documentDraftsApi, useApiClient } from '@prosign/api-client';
import type { DocumentDraft } from '@prosign/domain';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';

const draftKey = (id: string | null) => ['documents', 'draft', id] as const;

export function useDocumentDraft(draftId: string | null) {
  const client = useApiClient();
  const queryClient = useQueryClient();
  const query = useQuery({
    queryKey: draftKey(draftId),
    queryFn: ({ signal }) => documentDraftsApi.get(client, draftId!, signal),
    enabled: draftId !== null,
    staleTime: Infinity,
    refetchOnWindowFocus: false,
    refetchOnReconnect: false,
    retry: false,
  });
  /** Creates a draft of an upload and keeps it, so opening its URL next reads nothing. */
  const create = useCallback(
    async (uploadId: string): Promise<DocumentDraft> => {
      const draft = await documentDraftsApi.create(client, uploadId);
      queryClient.setQueryData(draftKey(draft.id), draft);
      return draft;
    },
    [client, queryClient],
  );
  return { query, create };
}

/** Why a draft could not be opened, in words. */
export function draftOpenError(error: unknown): string {
  if (error instanceof ApiError && error.statusCode === 404)
    return 'This draft does not exist, or it is another staff member’s.';
  return error instanceof Error
    ? `The draft could not be opened. ${error.message}`
    : 'The draft could not be opened.';
}
