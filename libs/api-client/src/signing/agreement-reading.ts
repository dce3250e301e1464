import type { AgreementReading } from '@prosign/domain';
import { useQuery } from '@tanstack/react-query';

/** Reads an agreement's reading view from its link (absolute, beside the document's PDF). */
async function fetchAgreementReading(
  readingLink: string,
  signal?: AbortSignal,
  headers: Record<string, string> = {},
): Promise<AgreementReading> {
  const response = await fetch(readingLink, {
    // A signer's pass and e-mail code proof open a document that needs the code.
    headers: { ...headers, Accept: 'application/json' },
    credentials: 'omit',
    signal,
  });
  if (!response.ok) throw new Error(`The reading view could not be loaded (${response.status})`);
  return (await response.json()) as AgreementReading;
}

/** The reading view of the agreement a signing page shows; idle without a link. */
export function useAgreementReading(
  readingLink: string | null | undefined,
  headers?: Record<string, string>,
) {
  return useQuery({
    // The headers only authorise: the same link reads the same text.
    queryKey: ['agreement-reading', readingLink],
    queryFn: ({ signal }) => fetchAgreementReading(readingLink as string, signal, headers),
    enabled: Boolean(readingLink),
    // The text of an open link does not change (an edit sends a new link).
    staleTime: Infinity,
    retry: 1,
  });
}
