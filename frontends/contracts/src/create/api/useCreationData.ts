import { accessApi, useApiClient } from '@prosign/api-client';
import { useQuery } from '@tanstack/react-query';

/** CSM and PM pickers: users loaded by role (`GET /api/access/user?role=`). */
export function useUsersByRole(role: 'csm' | 'pm') {
  const client = useApiClient();
  return useQuery({
    queryKey: ['access', 'users', role],
    queryFn: ({ signal }) => accessApi.listUsers(client, role, signal),
    select: (data) => data.users.map((user) => user.email),
  });
}
