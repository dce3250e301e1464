import { ROUTES, isChangeOrderPath } from '../routes/routes';

/**
 * Browser storage keys (spec 1 §3). The session itself lives on the server in
 * an httpOnly cookie; the browser keeps its expiry (to end the session on time
 * without a request), the page to return to, and screen drafts.
 */
export const STORAGE_KEYS = {
  authenticated: 'authenticated',
  authenticatedMailId: 'authenticatedMailId',
  accessServiceMailId: 'accessServiceMailId',
  expirationTime: 'expirationTime',
  lastVisitedPage: 'lastVisitedPage',
  selectedSignatoryData: 'selectedSignatoryData',
  selectedCpData: 'selectedCpData',
  selectedUserCardData: 'selectedUserCardData',
  selectedClientData: 'selectedClientData',
  contractFormData: 'contractFormData',
  editAndResendSowContractData: 'editAndResendSowContractData',
  editAndResendCoContractData: 'editAndResendCoContractData',
  /** Session storage. */
  recaptchaVerified: 'recaptchaVerified',
} as const;

export type StorageKey = (typeof STORAGE_KEYS)[keyof typeof STORAGE_KEYS];

/** Cleared when the session ends (expiry or sign-out); lastVisitedPage stays so sign-in returns there. */
export const SESSION_STORAGE_KEYS: readonly StorageKey[] = [
  STORAGE_KEYS.authenticated,
  STORAGE_KEYS.authenticatedMailId,
  STORAGE_KEYS.accessServiceMailId,
  STORAGE_KEYS.expirationTime,
  STORAGE_KEYS.selectedSignatoryData,
  STORAGE_KEYS.selectedCpData,
  STORAGE_KEYS.selectedUserCardData,
  STORAGE_KEYS.selectedClientData,
  STORAGE_KEYS.contractFormData,
  STORAGE_KEYS.editAndResendSowContractData,
  STORAGE_KEYS.editAndResendCoContractData,
];

/**
 * Drafts cleared when a screen is left (spec 1 §4.4): / its selected user card
 * and contract form, /sow its resend data and selected contact (the community
 * partner), /co its resend data and selected signatory.
 */
export function storageKeysClearedOnLeaving(pathname: string): StorageKey[] {
  if (pathname === ROUTES.home) {
    return [STORAGE_KEYS.selectedUserCardData, STORAGE_KEYS.contractFormData];
  }
  if (pathname === ROUTES.sow) {
    return [STORAGE_KEYS.editAndResendSowContractData, STORAGE_KEYS.selectedCpData];
  }
  if (isChangeOrderPath(pathname)) {
    return [STORAGE_KEYS.editAndResendCoContractData, STORAGE_KEYS.selectedSignatoryData];
  }
  return [];
}

/**
 * Selections cleared by choosing a navigation entry (spec 1 §2.2): Home clears
 * the remembered signatory; SOW Home clears the remembered change-order
 * selection (the client a change order was being prepared for).
 */
export function storageKeysClearedByNavEntry(path: string): StorageKey[] {
  if (path === ROUTES.home) return [STORAGE_KEYS.selectedSignatoryData];
  if (path === ROUTES.sow) return [STORAGE_KEYS.selectedClientData];
  return [];
}

/** Closing the page clears the selected contact and signatory (spec 1 §4.4). */
export const STORAGE_KEYS_CLEARED_ON_PAGE_CLOSE: readonly StorageKey[] = [
  STORAGE_KEYS.selectedCpData,
  STORAGE_KEYS.selectedSignatoryData,
];

/**
 * Whether a path may be remembered as the page to return to after sign-in:
 * only staff pages of this app (never the login page, errors, or another origin).
 */
export function isReturnablePath(path: string): boolean {
  if (!path.startsWith('/') || path.startsWith('//') || path.includes('\\')) return false;
  const pathname = path.split(/[?#]/)[0] ?? '';
  return pathname !== ROUTES.portal && pathname !== ROUTES.error;
}
