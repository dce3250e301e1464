import {
  ACCESS_FLAGS,
  ACCESS_FLAG_LABELS,
  STAFF_ROLES,
  type AccessFlag,
  type StaffRole,
  type StaffUserRow,
} from '@prosign/domain';

interface UserTableProps {
  users: StaffUserRow[];
  myEmail: string;
  isAdmin: boolean;
  onToggleRole: (user: StaffUserRow, role: StaffRole) => void;
  onToggleFlag: (user: StaffUserRow, flag: AccessFlag) => void;
  onDelete: (user: StaffUserRow) => void;
}

/**
 * One row a user (spec 1 §2.7): role checkboxes, the eight flag checkboxes and
 * Delete. Every checkbox is labelled with what it is and whose it is. What the
 * server would refuse anyway is disabled with the reason as its title.
 */
export function UserTable({
  users,
  myEmail,
  isAdmin,
  onToggleRole,
  onToggleFlag,
  onDelete,
}: UserTableProps) {
  return (
    <div className="ua-table-wrap">
      <table className="ua-table">
        <caption className="visually-hidden">Users, their roles and access</caption>
        <thead>
          <tr>
            <th scope="col">User</th>
            {STAFF_ROLES.map((role) => (
              <th key={role} scope="col" className="ua-table__check">
                {role}
              </th>
            ))}
            {ACCESS_FLAGS.map((flag) => (
              <th key={flag} scope="col" className="ua-table__check" title={flag}>
                {ACCESS_FLAG_LABELS[flag]}
              </th>
            ))}
            <th scope="col">
              <span className="visually-hidden">Actions</span>
            </th>
          </tr>
        </thead>
        <tbody>
          {users.map((user) => {
            const isMe = user.email === myEmail;
            const userIsAdmin = user.role.includes('admin');
            const adminOnly = userIsAdmin && !isAdmin;
            return (
              <tr key={user.email}>
                <th scope="row" className="ua-table__email">
                  {user.email}
                  {isMe ? <span className="ua-badge">you</span> : null}
                </th>
                {STAFF_ROLES.map((role) => {
                  const locked = role === 'admin' && !isAdmin;
                  return (
                    <td key={role} className="ua-table__check">
                      {/* The label is the tap target: 44 px square around the box. */}
                      <label className="ua-check">
                        <input
                          type="checkbox"
                          aria-label={`${role} role for ${user.email}`}
                          checked={user.role.includes(role)}
                          disabled={locked}
                          title={
                            locked
                              ? 'Only administrators can grant or remove the admin role.'
                              : undefined
                          }
                          onChange={() => onToggleRole(user, role)}
                        />
                      </label>
                    </td>
                  );
                })}
                {ACCESS_FLAGS.map((flag) => {
                  const selfLock = isMe && flag === 'userAccessAccess' && user[flag] === true;
                  const reason = selfLock
                    ? 'You cannot remove your own User Access.'
                    : adminOnly
                      ? 'Only administrators can change an administrator’s access.'
                      : undefined;
                  return (
                    <td key={flag} className="ua-table__check">
                      <label className="ua-check">
                        <input
                          type="checkbox"
                          aria-label={`${ACCESS_FLAG_LABELS[flag]} (${flag}) for ${user.email}`}
                          checked={user[flag] === true}
                          disabled={Boolean(reason)}
                          title={reason}
                          onChange={() => onToggleFlag(user, flag)}
                        />
                      </label>
                    </td>
                  );
                })}
                <td>
                  <button
                    type="button"
                    className="ps-button ua-delete"
                    aria-label={`Delete ${user.email}`}
                    disabled={isMe || adminOnly}
                    title={isMe ? 'You cannot delete yourself.' : undefined}
                    onClick={() => onDelete(user)}
                  >
                    Delete
                  </button>
                </td>
              </tr>
            );
          })}
        </tbody>
      </table>
    </div>
  );
}
