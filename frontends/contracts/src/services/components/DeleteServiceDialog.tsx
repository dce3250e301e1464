import type { ServiceRecord } from '@prosign/domain';
import { Dialog } from '@prosign/ui';
import { useId, useState, type FormEvent } from 'react';

export interface DeleteServiceDialogProps {
  service: ServiceRecord;
  busy: boolean;
  error: string | null;
  onConfirm(password: string): void;
  onCancel(): void;
}

/** Deleting a service requires the delete password (spec 1 §4.5, §6). */
export function DeleteServiceDialog({ service, busy, error, ...props }: DeleteServiceDialogProps) {
  const [password, setPassword] = useState('');
  const formId = useId();
  const passwordId = useId();
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (password) props.onConfirm(password);
  };
  return (
    <Dialog
      open
      title={`Delete ${service.serviceName}?`}
      onClose={busy ? undefined : props.onCancel}
      describeBody={false}
      className="service-delete"
      actions={
        <>
          <button
            type="submit"
            form={formId}
            className="ps-button ps-button--danger"
            disabled={busy || !password}
          >
            Delete
          </button>
          <button type="button" className="ps-button" onClick={props.onCancel}>
            Cancel
          </button>
        </>
      }
    >
      <form id={formId} onSubmit={submit}>
        <p>Enter the delete password to confirm. This cannot be undone.</p>
        <div className="ps-field">
          <label htmlFor={passwordId} className="ps-field__label">
            Password
          </label>
          <input
            id={passwordId}
            className="ps-input"
            type="password"
            autoComplete="off"
            value={password}
            onChange={(event) => setPassword(event.target.value)}
          />
          {error ? (
            <p role="alert" className="ps-field__error">
              {error}
            </p>
          ) : null}
        </div>
      </form>
    </Dialog>
  );
}
