import { STORAGE_KEYS_CLEARED_ON_PAGE_CLOSE, storageKeysClearedOnLeaving } from '@prosign/domain';
import { useEffect, useRef } from 'react';
import { rememberLastVisitedPage, removeStoredKeys } from '../../session/session-storage';

/**
 * Browser storage rules of staff pages (spec 1 §3, §4.4): the current page is
 * remembered for after sign-in, leaving a screen clears its drafts, and
 * closing the page clears the selected contact and signatory.
 */
export function useStaffPageStorage(pathname: string, search: string): void {
  const previous = useRef<string | null>(null);

  useEffect(() => {
    rememberLastVisitedPage(`${pathname}${search}`);
  }, [pathname, search]);

  useEffect(() => {
    const left = previous.current;
    if (left !== null && left !== pathname) removeStoredKeys(storageKeysClearedOnLeaving(left));
    previous.current = pathname;
  }, [pathname]);

  useEffect(() => {
    const onClose = () => removeStoredKeys(STORAGE_KEYS_CLEARED_ON_PAGE_CLOSE);
    window.addEventListener('pagehide', onClose);
    return () => window.removeEventListener('pagehide', onClose);
  }, []);
}
