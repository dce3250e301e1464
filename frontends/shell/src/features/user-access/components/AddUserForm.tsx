import { DEFAULT_STAFF_ROLE, STAFF_ROLES, type StaffRole } from '@prosign/domain';
import {
  applyServerErrors,
  Field,
  staffEmailSchema,
  SubmitButton,
  TextField,
  useZodForm,
} from '@prosign/ui/forms';
import { useMemo } from 'react';
import { z } from 'zod';

/** The add-user form's schema: the typed user name becomes the full address by the domain's rule. */
function addUserSchema(domain: string) {
  return z.object({
    email: staffEmailSchema(domain),
    role: z.enum(STAFF_ROLES),
  });
}

interface AddUserFormProps {
  domain: string;
  /** Only administrators may add an administrator. */
  canGrantAdmin: boolean;
  /** The add-user mutation is running. */
  pending: boolean;
  /** Adds the user; a refusal it rejects with is reported by a toast and shown under its field. */
  onAdd: (email: string, role: StaffRole) => Promise<unknown>;
}

/** The add-user form (spec 1 §2.7, §5): a user name, the domain shown, a role (csm by default). */
export function AddUserForm({ domain, canGrantAdmin, pending, onAdd }: AddUserFormProps) {
  const schema = useMemo(() => addUserSchema(domain), [domain]);
  const form = useZodForm(schema, { defaultValues: { email: '', role: DEFAULT_STAFF_ROLE } });

  const submit = form.handleSubmit(async ({ email, role }) => {
    try {
      await onAdd(email, role);
      form.reset();
    } catch (error) {
      // The typed name stays for correction.
      applyServerErrors(form.setError, error, {
        email: /is already a user/,
        role: /admin role/,
      });
    }
  });

  return (
    <form
      className="ua-add ps-card"
      onSubmit={(event) => void submit(event)}
      noValidate
      aria-label="Add user"
    >
      <h2 className="ua-section-title">Add user</h2>
      <div className="ua-add__fields">
        <TextField
          control={form.control}
          name="email"
          label="E-mail"
          required
          className="ua-add__name"
          suffix={`@${domain}`}
          placeholder="user.name"
          autoCapitalize="none"
          spellCheck={false}
        />
        <Field label="Role" error={form.formState.errors.role?.message}>
          {(aria) => (
            <select {...aria} className="ps-select" {...form.register('role')}>
              {STAFF_ROLES.filter((option) => option !== 'admin' || canGrantAdmin).map((option) => (
                <option key={option} value={option}>
                  {option}
                </option>
              ))}
            </select>
          )}
        </Field>
        <SubmitButton pending={pending} pendingLabel="Adding…">
          Add user
        </SubmitButton>
      </div>
    </form>
  );
}
