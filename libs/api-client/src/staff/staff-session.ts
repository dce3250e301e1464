import type { ActionViewer, StaffSession } from '@prosign/domain';
import { useQuery } from '@tanstack/react-query';
import { useApiClient } from '../config/RuntimeConfigProvider';

const staffSessionQueryKey = ['auth', 'session'] as const;

/** The signed-in staff member (email, admin flag, access flags) as the server sees the session. */
function useStaffSessionInfo() {
  const client = useApiClient();
  return useQuery({
    queryKey: staffSessionQueryKey,
    queryFn: ({ signal }) => client.get<StaffSession>('/api/auth/session', { signal }),
    staleTime: 60_000,
  });
}

const NO_RIGHTS: ActionViewer = { isAdmin: false };

/**
 * Who is acting, as the action rules read it: admin or not and the access
 * flags, flat. No rights until the session is known.
 */
export function useActionViewer(): ActionViewer {
  const session = useStaffSessionInfo();
  return session.data ? { isAdmin: session.data.isAdmin, ...session.data.access } : NO_RIGHTS;
}
