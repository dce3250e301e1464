import {
  DEFAULT_STAFF_ROLE,
  STAFF_ROLES,
  staffEmailFromUserName,
  type StaffRole,
} from '@prosign/domain';
import { useId, useState, type FormEvent } from 'react';

interface AddUserFormProps {
  domain: string;
  /** Only administrators may add an administrator. */
  canGrantAdmin: boolean;
  busy: boolean;
  onAdd: (email: string, role: StaffRole) => Promise<unknown>;
}

/** The add-user form (spec 1 §2.7, §5): a user name, the domain shown, a role (csm by default). */
export function AddUserForm({ domain, canGrantAdmin, busy, onAdd }: AddUserFormProps) {
  const [userName, setUserName] = useState('');
  const [role, setRole] = useState<StaffRole>(DEFAULT_STAFF_ROLE);
  const [error, setError] = useState<string | null>(null);
  const inputId = useId();
  const roleId = useId();
  const errorId = useId();

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const result = staffEmailFromUserName(userName, domain);
    if (!result.ok) {
      setError(result.message);
      return;
    }
    setError(null);
    try {
      await onAdd(result.email, role);
      setUserName('');
      setRole(DEFAULT_STAFF_ROLE);
    } catch {
      // Reported by a toast; the typed name stays for correction.
    }
  };

  return (
    <form
      className="ua-add ps-card"
      onSubmit={(event) => void submit(event)}
      noValidate
      aria-label="Add user"
    >
      <h2 className="ua-section-title">Add user</h2>
      <div className="ua-add__fields">
        <div className="ps-field ua-add__name">
          <label className="ps-label" htmlFor={inputId}>
            E-mail
          </label>
          <div className="portal__address">
            <input
              id={inputId}
              className="ps-input portal__input"
              value={userName}
              placeholder="user.name"
              autoCapitalize="none"
              spellCheck={false}
              aria-invalid={error ? true : undefined}
              aria-describedby={error ? errorId : undefined}
              onChange={(event) => {
                setUserName(event.target.value);
                setError(null);
              }}
            />
            <span className="portal__domain">@{domain}</span>
          </div>
          {error ? (
            <p id={errorId} className="ps-field__error">
              {error}
            </p>
          ) : null}
        </div>
        <div className="ps-field">
          <label className="ps-label" htmlFor={roleId}>
            Role
          </label>
          <select
            id={roleId}
            className="ps-select"
            value={role}
            onChange={(event) => setRole(event.target.value as StaffRole)}
          >
            {STAFF_ROLES.filter((option) => option !== 'admin' || canGrantAdmin).map((option) => (
              <option key={option} value={option}>
                {option}
              </option>
            ))}
          </select>
        </div>
        <button type="submit" className="ps-button ps-button--primary" disabled={busy}>
          {busy ? 'Adding…' : 'Add user'}
        </button>
      </div>
    </form>
  );
}
