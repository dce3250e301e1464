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
      style={{
        position: 'fixed',
        inset: 0,
        background: 'rgba(15,23,42,.4)',
        display: 'grid',
        placeItems: 'center',
        zIndex: 40,
      }}
    >
      <form onSubmit={submit} style={{ background: '#fff', padding: 24, borderRadius: 10 }}>
        <h2 id="delete-service-title">Delete {service.serviceName}?</h2>
        <p>Enter the delete password to confirm. This cannot be undone.</p>
        <label htmlFor="delete-service-password">Password</label>{' '}
        <input
          id="delete-service-password"
          type="password"
          autoFocus
          autoComplete="off"
          value={password}
          onChange={(event) => setPassword(event.target.value)}
        />
        {error ? (
          <p role="alert" style={{ color: '#b42318' }}>
            {error}
          </p>
        ) : null}
        <div style={{ marginTop: 12, display: 'flex', gap: 8 }}>
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
