import type { AgreementReading } from '@prosign/domain';
import { useQuery } from '@tanstack/react-query';

/** Reads an agreement's reading view from its link (absolute, beside the document's PDF). */
export async function fetchAgreementReading(
  readingLink: string,
  signal?: AbortSignal,
): Promise<AgreementReading> {
  const response = await fetch(readingLink, {
    headers: { Accept: 'application/json' },
    credentials: 'omit',
    signal,
  });
  if (!response.ok) throw new Error(`The reading view could not be loaded (${response.status})`);
  return (await response.json()) as AgreementReading;
}

/** The reading view of the agreement a signing page shows; idle without a link. */
export function useAgreementReading(readingLink: string | null | undefined) {
  return useQuery({
    queryKey: ['agreement-reading', readingLink],
    queryFn: ({ signal }) => fetchAgreementReading(readingLink as string, signal),
    enabled: Boolean(readingLink),
    // The text of an open link does not change (an edit sends a new link).
    staleTime: Infinity,
    retry: 1,
  });
}
