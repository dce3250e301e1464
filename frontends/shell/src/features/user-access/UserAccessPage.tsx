import { authApi, useApiClient } from '@prosign/api-client';
import { USER_ADMIN_MESSAGES, type StaffRole, type StaffUserRow } from '@prosign/domain';
import { ConfirmDialog, ErrorPanel, LoadingState, PageHeader } from '@prosign/ui';
import { useQuery } from '@tanstack/react-query';
import { useDeferredValue, useId, useMemo, useState } from 'react';
import { CountersignDefaultsSection } from '../countersign/components/CountersignDefaultsSection';
import { CrmAdminLinks } from '../crm/components/CrmAdminLinks';
import { EmailCodeDefaultsSection } from '../email-code/EmailCodeDefaultsSection';
import { StuckOperationsLink } from '../stuck-operations/components/StuckOperationsLink';
import { useSignedInStaff } from '../../session/StaffSessionContext';
import { AddUserForm } from './components/AddUserForm';
import { ChangeHistory } from './components/ChangeHistory';
import { UserTable } from './components/UserTable';
import { useAccessAudit, useStaffUsers, useUserAccessMutations } from './hooks/useUserAccess';

/** /user-access (spec 1 §2.7): users, their roles and flags, add and delete, and the change record. */
export function UserAccessPage() {
  const client = useApiClient();
  const me = useSignedInStaff();
  const users = useStaffUsers();
  const audit = useAccessAudit();
  const { toggleAccess, updateRoles, addUser, deleteUser } = useUserAccessMutations();
  const options = useQuery({
    queryKey: ['auth', 'options'],
    queryFn: () => authApi.options(client),
    staleTime: Infinity,
  });
  const [search, setSearch] = useState('');
  const deferredSearch = useDeferredValue(search);
  const [pendingDelete, setPendingDelete] = useState<StaffUserRow | null>(null);
  const searchId = useId();

  const visible = useMemo(() => {
    const needle = deferredSearch.trim().toLowerCase();
    const all = users.data?.users ?? [];
    return needle ? all.filter((user) => user.email.includes(needle)) : all;
  }, [users.data, deferredSearch]);

  const staffEmails = useMemo(
    () => (users.data?.users ?? []).map((user) => user.email),
    [users.data],
  );

  const toggleRole = (user: StaffUserRow, role: StaffRole) => {
    const roles = user.role.includes(role)
      ? user.role.filter((current) => current !== role)
      : [...user.role, role];
    updateRoles.mutate({ email: user.email, roles });
  };

  return (
    <div className="ps-page">
      <PageHeader
        title="User Access"
        description="Who may use ProSign, their roles, and which sections each person sees."
      />
      {options.data ? (
        <AddUserForm
          domain={options.data.companyEmailDomain}
          canGrantAdmin={me.isAdmin}
          pending={addUser.isPending}
          onAdd={(email, role) => addUser.mutateAsync({ email, roles: [role] })}
        />
      ) : null}

      <section className="ps-card ua-users" aria-labelledby="ua-users-title">
        <div className="ua-users__head">
          <h2 id="ua-users-title" className="ua-section-title">
            Users
          </h2>
          <div className="ps-field ua-search">
            <label className="ps-label" htmlFor={searchId}>
              Search users
            </label>
            <input
              id={searchId}
              type="search"
              className="ps-input"
              placeholder="Name or e-mail"
              value={search}
              onChange={(event) => setSearch(event.target.value)}
            />
          </div>
        </div>
        {users.isPending ? (
          <LoadingState label="Loading users…" />
        ) : users.isError ? (
          <ErrorPanel
            title={USER_ADMIN_MESSAGES.fetchUsersFailed}
            onRetry={() => void users.refetch()}
          />
        ) : visible.length === 0 ? (
          <p className="ua-empty">
            {search.trim() ? `No user matches “${search.trim()}”.` : 'No users yet.'}
          </p>
        ) : (
          <UserTable
            users={visible}
            myEmail={me.email}
            isAdmin={me.isAdmin}
            onToggleRole={toggleRole}
            onToggleFlag={(user, flag) => toggleAccess.mutate({ email: user.email, flag })}
            onDelete={setPendingDelete}
          />
        )}
      </section>

      {me.isAdmin ? <CountersignDefaultsSection users={staffEmails} /> : null}
      {me.isAdmin ? <EmailCodeDefaultsSection /> : null}
      {me.isAdmin ? <CrmAdminLinks /> : null}
      {me.isAdmin ? <StuckOperationsLink /> : null}

      <ChangeHistory
        entries={audit.data?.entries}
        loading={audit.isPending}
        error={audit.error}
        onRetry={() => void audit.refetch()}
      />

      <ConfirmDialog
        open={pendingDelete !== null}
        title={`Delete ${pendingDelete?.email ?? ''}?`}
        confirmLabel="Delete user"
        danger
        busy={deleteUser.isPending}
        onCancel={() => setPendingDelete(null)}
        onConfirm={() => {
          if (!pendingDelete) return;
          deleteUser.mutate(pendingDelete.email, { onSettled: () => setPendingDelete(null) });
        }}
      >
        They will no longer be able to sign in, and any session they have ends at once.
      </ConfirmDialog>
    </div>
  );
}
