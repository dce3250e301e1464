import {
  linkSigningPath,
  shouldRetry,
  useApiClient,
  type ApiClient,
  type LinkSigningFamily,
} from '@prosign/api-client';
import { retryDelayMs, type LinkVerifyResponse } from '@prosign/domain';
import { useCallback, useEffect, useRef, useState } from 'react';

export type LinkCheck =
  | { kind: 'checking' }
  | { kind: 'checked'; link: LinkVerifyResponse }
  | { kind: 'failed'; error: unknown };

const linkCheckPath = (family: LinkSigningFamily, customId: string) =>
  linkSigningPath(family, 'verify-link', customId);

/**
 * The link's check, retried while the failure is worth it; `first` is a check
 * already under way (asked for before the page's first render), taken as the
 * first try rather than asking again.
 */
async function checkLink(
  client: ApiClient,
  family: LinkSigningFamily,
  customId: string,
  first?: Promise<LinkVerifyResponse>,
): Promise<LinkVerifyResponse> {
  for (let failures = 0; ; failures += 1) {
    try {
      return await (failures === 0 && first
        ? first
        : client.get<LinkVerifyResponse>(linkCheckPath(family, customId)));
    } catch (error) {
      if (!shouldRetry(failures, error)) throw error;
      await new Promise((resolve) => setTimeout(resolve, retryDelayMs(failures)));
    }
  }
}

/** Checks asked for before the page's first render (checkLinkBeforeRender), by link. */
const askedBeforeRender = new Map<string, Promise<LinkVerifyResponse>>();
/** The same checks once answered, so the first render can show their outcome. */
const answeredBeforeRender = new Map<string, LinkCheck>();

/**
 * Asks for the link check before the page first renders (bootstrap.tsx, with
 * the response its HTML asked for early), waiting `waitMs` at most: answered by
 * then, the first render shows the captcha (or what happened to the link) at
 * once rather than "Verifying your link…" a render earlier. Answered later, the
 * page takes this same check rather than asking again; a failure worth retrying
 * is retried by the page.
 */
export async function checkLinkBeforeRender(
  client: ApiClient,
  family: LinkSigningFamily,
  customId: string,
  waitMs: number,
): Promise<void> {
  const link = `${family}/${customId}`;
  const asked = client.get<LinkVerifyResponse>(linkCheckPath(family, customId));
  askedBeforeRender.set(link, asked);
  const answer = asked.then(
    (result) => answeredBeforeRender.set(link, { kind: 'checked', link: result }),
    (error: unknown) => {
      if (!shouldRetry(0, error)) answeredBeforeRender.set(link, { kind: 'failed', error });
    },
  );
  await Promise.race([answer, new Promise((resolve) => setTimeout(resolve, waitMs))]);
}

/**
 * `GET /api/{family}/verify-link/{customId}`, before the captcha (no pass), and
 * `retry` for the "Try again" of a failed check. Without TanStack Query: as on a
 * customer link, the data layer loads with the steps behind the captcha, so the
 * SOW and CO pages need no more JavaScript than the check before the captcha
 * step shows (bench/signing). Asked once per link and retry, however often the
 * effect runs (StrictMode runs it twice).
 */
export function useLinkCheck(
  family: LinkSigningFamily,
  customId: string,
): LinkCheck & { retry: () => void } {
  const client = useApiClient();
  const [attempt, setAttempt] = useState(0);
  const key = `${family}/${customId}/${attempt}`;
  const answered = attempt === 0 ? answeredBeforeRender.get(`${family}/${customId}`) : undefined;
  const [result, setResult] = useState<{ key: string; check: LinkCheck } | null>(null);
  const asked = useRef<{ key: string; answer: Promise<LinkVerifyResponse> } | null>(null);

  useEffect(() => {
    if (!customId || answered) return undefined;
    if (asked.current?.key !== key) {
      const underWay = attempt === 0 ? askedBeforeRender.get(`${family}/${customId}`) : undefined;
      asked.current = { key, answer: checkLink(client, family, customId, underWay) };
    }
    let current = true;
    asked.current.answer.then(
      (link) => current && setResult({ key, check: { kind: 'checked', link } }),
      (error: unknown) => current && setResult({ key, check: { kind: 'failed', error } }),
    );
    return () => {
      current = false;
    };
  }, [client, family, customId, key, attempt, answered]);

  const retry = useCallback(() => setAttempt((previous) => previous + 1), []);
  // A result of another link or attempt is not this one's.
  const check: LinkCheck = result?.key === key ? result.check : (answered ?? { kind: 'checking' });
  return { ...check, retry };
}
