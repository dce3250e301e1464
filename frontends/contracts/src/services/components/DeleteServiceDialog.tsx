import type { ServiceRecord } from '@prosign/domain';
import { useState, type FormEvent } from 'react';

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
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (password) props.onConfirm(password);
  };
  return (
    <div
      role="dialog"
      aria-modal="true"
      aria-labelledby="delete-service-title"
      className="ps-dialog-backdrop"
    >
      <form onSubmit={submit} className="ps-dialog service-delete">
        <h2 id="delete-service-title" className="ps-dialog__title">
          Delete {service.serviceName}?
        </h2>
        <p className="ps-dialog__body">
          Enter the delete password to confirm. This cannot be undone.
        </p>
        <div className="ps-field">
          <label htmlFor="delete-service-password" className="ps-field__label">
            Password
          </label>
          <input
            id="delete-service-password"
            className="ps-input"
            type="password"
            autoFocus
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
        <div className="ps-dialog__actions">
          <button
            type="submit"
            className="ps-button ps-button--danger"
            disabled={busy || !password}
          >
            Delete
          </button>
          <button type="button" className="ps-button" onClick={props.onCancel}>
            Cancel
          </button>
        </div>
      </form>
    </div>
  );
}
