import {
  SESSION_STORAGE_KEYS,
  STORAGE_KEYS,
  isReturnablePath,
  type StorageKey,
} from '@prosign/domain';

/**
 * The browser's share of the staff session (spec 1 §3): when it ends and the
 * page to come back to. The session itself is an httpOnly cookie the page
 * cannot read; these only drive the screens.
 */
function storage(): Storage | undefined {
  try {
    return typeof window === 'undefined' ? undefined : window.localStorage;
  } catch {
    return undefined; // storage disabled by the browser
  }
}

export function removeStoredKeys(keys: readonly StorageKey[]): void {
  const store = storage();
  for (const key of keys) store?.removeItem(key);
}

export function rememberSessionExpiry(expiresAt: string): void {
  storage()?.setItem(STORAGE_KEYS.expirationTime, String(Date.parse(expiresAt)));
}

export function hadStoredSession(): boolean {
  return Boolean(storage()?.getItem(STORAGE_KEYS.expirationTime));
}

/** Session data and drafts go; the page to return to stays. */
export function clearSessionData(): void {
  removeStoredKeys(SESSION_STORAGE_KEYS);
}

export function rememberLastVisitedPage(path: string): void {
  if (isReturnablePath(path)) storage()?.setItem(STORAGE_KEYS.lastVisitedPage, path);
}

/** Where sign-in leads: the last visited staff page, or `/`. */
export function lastVisitedPage(): string {
  const path = storage()?.getItem(STORAGE_KEYS.lastVisitedPage);
  return path && isReturnablePath(path) ? path : '/';
}
