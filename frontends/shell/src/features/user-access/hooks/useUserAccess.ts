import { accessApi, useApiClient } from '@prosign/api-client';
import {
  TOAST_DURATION_MS,
  USER_ADMIN_MESSAGES,
  type AccessFlag,
  type StaffRole,
  type StaffUserRow,
} from '@prosign/domain';
import { useToast } from '@prosign/ui';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useStaffSession } from '../../../session/StaffSessionContext';
import { withServerReason } from '../utils/error-message';

const usersQueryKey = ['access', 'users'] as const;
const auditQueryKey = ['access', 'audit'] as const;

type UsersData = { users: StaffUserRow[] };

export function useStaffUsers() {
  const client = useApiClient();
  return useQuery({
    queryKey: usersQueryKey,
    queryFn: ({ signal }) => accessApi.listUsers(client, undefined, signal),
  });
}

export function useAccessAudit() {
  const client = useApiClient();
  return useQuery({
    queryKey: auditQueryKey,
    queryFn: ({ signal }) => accessApi.audit(client, 50, signal),
  });
}

/** Mutations of the user-access screen: optimistic where the spec wants a checkbox to flip at once. */
export function useUserAccessMutations() {
  const client = useApiClient();
  const queryClient = useQueryClient();
  const toast = useToast();
  const { state, refresh } = useStaffSession();
  const myEmail = state.status === 'signed-in' ? state.session.email : undefined;

  const settle = async (email: string) => {
    await Promise.all([
      queryClient.invalidateQueries({ queryKey: usersQueryKey }),
      queryClient.invalidateQueries({ queryKey: auditQueryKey }),
    ]);
    // One's own rights changed: the navigation follows.
    if (email === myEmail) await refresh();
  };

  /** Applies `change` to one row in the cache and returns how to undo it. */
  const patchRow = async (email: string, change: (row: StaffUserRow) => StaffUserRow) => {
    await queryClient.cancelQueries({ queryKey: usersQueryKey });
    const before = queryClient.getQueryData<UsersData>(usersQueryKey);
    if (before) {
      queryClient.setQueryData<UsersData>(usersQueryKey, {
        users: before.users.map((row) => (row.email === email ? change(row) : row)),
      });
    }
    return { before };
  };

  const toggleAccess = useMutation({
    mutationFn: ({ email, flag }: { email: string; flag: AccessFlag }) =>
      accessApi.toggleAccess(client, email, flag),
    onMutate: ({ email, flag }) => patchRow(email, (row) => ({ ...row, [flag]: !row[flag] })),
    onError: (error, _vars, context) => {
      // The checkbox goes back to what the server has.
      if (context?.before) queryClient.setQueryData(usersQueryKey, context.before);
      toast.error(
        withServerReason(USER_ADMIN_MESSAGES.toggleFailed, error),
        TOAST_DURATION_MS.long,
      );
    },
    onSettled: (_data, _error, { email }) => settle(email),
  });

  const updateRoles = useMutation({
    mutationFn: ({ email, roles }: { email: string; roles: StaffRole[] }) =>
      accessApi.updateRoles(client, email, roles),
    onMutate: ({ email, roles }) => patchRow(email, (row) => ({ ...row, role: roles })),
    onError: (error, _vars, context) => {
      if (context?.before) queryClient.setQueryData(usersQueryKey, context.before);
      toast.error(
        withServerReason(USER_ADMIN_MESSAGES.updateRolesFailed, error),
        TOAST_DURATION_MS.long,
      );
    },
    onSettled: (_data, _error, { email }) => settle(email),
  });

  const addUser = useMutation({
    mutationFn: ({ email, roles }: { email: string; roles: StaffRole[] }) =>
      accessApi.addUser(client, email, roles),
    onSuccess: (result) => toast.success(result.message),
    onError: (error) =>
      toast.error(
        withServerReason(USER_ADMIN_MESSAGES.addUserFailed, error),
        TOAST_DURATION_MS.long,
      ),
    onSettled: (result) => settle(result?.user.email ?? ''),
  });

  const deleteUser = useMutation({
    mutationFn: (email: string) => accessApi.deleteUser(client, email),
    onSuccess: (result) => toast.success(result.message),
    onError: (error) =>
      toast.error(
        withServerReason(USER_ADMIN_MESSAGES.deleteUserFailed, error),
        TOAST_DURATION_MS.long,
      ),
    onSettled: (_data, _error, email) => settle(email),
  });

  return { toggleAccess, updateRoles, addUser, deleteUser };
}
