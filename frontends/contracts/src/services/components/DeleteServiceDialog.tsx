import type { ServiceRecord } from '@prosign/domain';
import { Dialog } from '@prosign/ui';
import { FormErrorSummary, SubmitButton, TextField, useZodForm } from '@prosign/ui/forms';
import { useId } from 'react';
import { useWatch } from 'react-hook-form';
import { z } from 'zod';

const schema = z.object({ password: z.string() });

export interface DeleteServiceDialogProps {
  service: ServiceRecord;
  /** Checking the password or deleting. */
  pending: boolean;
  /** Deletes with the password; resolves with why it was refused (a wrong password), else null. */
  onConfirm(password: string): Promise<string | null>;
  onCancel(): void;
}

/** Deleting a service requires the delete password (spec 1 §4.5, §6). */
export function DeleteServiceDialog({ service, pending, ...props }: DeleteServiceDialogProps) {
  const formId = useId();
  const form = useZodForm(schema, { defaultValues: { password: '' } });
  const password = useWatch({ control: form.control, name: 'password' });
  const submit = form.handleSubmit(async (values) => {
    const refusal = await props.onConfirm(values.password);
    if (refusal) form.setError('root.server', { type: 'server', message: refusal });
  });
  return (
    <Dialog
      open
      title={`Delete ${service.serviceName}?`}
      onClose={pending ? undefined : props.onCancel}
      describeBody={false}
      className="service-delete"
      actions={
        <>
          <SubmitButton
            form={formId}
            className="ps-button ps-button--danger"
            pending={pending}
            pendingLabel="Deleting…"
            disabled={!password}
          >
            Delete
          </SubmitButton>
          <button type="button" className="ps-button" onClick={props.onCancel}>
            Cancel
          </button>
        </>
      }
    >
      <form id={formId} noValidate onSubmit={(event) => void submit(event)}>
        <p>Enter the delete password to confirm. This cannot be undone.</p>
        <TextField
          control={form.control}
          name="password"
          label="Password"
          type="password"
          autoComplete="off"
        />
        <FormErrorSummary control={form.control} />
      </form>
    </Dialog>
  );
}
