import { NO_ACCESS, type AccessFlags } from '@prosign/domain';
import { createContext, useContext, type ReactNode } from 'react';

/**
 * The signed-in person's access flags. RequireStaffSession provides the ones
 * the server reports for the session; outside it nobody has any.
 */
const AccessFlagsContext = createContext<AccessFlags>(NO_ACCESS);
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
