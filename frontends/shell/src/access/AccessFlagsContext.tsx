import { FULL_ACCESS, type AccessFlags } from '@prosign/domain';
import { createContext, useContext, type ReactNode } from 'react';

/**
 * PROVISIONAL — until the staff identity issue lands, every visitor is treated
 * as a staff member holding every access flag. This is the only place that
 * assumption lives: the identity work replaces it with the flags fetched for
 * the signed-in e-mail (GET /api/access/get-accesses-for-email/{email}) and
 * provides them through <AccessFlagsProvider>.
 */
export const PROVISIONAL_ACCESS_FLAGS: AccessFlags = FULL_ACCESS;

const AccessFlagsContext = createContext<AccessFlags>(PROVISIONAL_ACCESS_FLAGS);
AccessFlagsContext.displayName = 'AccessFlagsContext';

export function AccessFlagsProvider({
  flags,
  children,
}: {
  flags: AccessFlags;
  children?: ReactNode;
}) {
  return <AccessFlagsContext.Provider value={flags}>{children}</AccessFlagsContext.Provider>;
}

/** The signed-in staff member's access flags (spec 1 §2.7). */
export function useAccessFlags(): AccessFlags {
  return useContext(AccessFlagsContext);
}
