import type { CreateWebhookEndpointRequest } from '@prosign/api-client';
import { WEBHOOK_EVENT_LABELS, WEBHOOK_EVENT_TYPES } from '@prosign/domain';
import {
  applyServerErrors,
  CheckboxGroupField,
  FormErrorSummary,
  SubmitButton,
  TextAreaField,
  TextField,
  useZodForm,
} from '@prosign/ui/forms';
import type { ReactNode } from 'react';
import {
  EMPTY_ENDPOINT_FORM,
  webhookEndpointSchema,
  type WebhookEndpointFormValues,
} from '../utils/webhook-endpoint-form';

const EVENT_OPTIONS = WEBHOOK_EVENT_TYPES.map((type) => ({
  value: type,
  label: WEBHOOK_EVENT_LABELS[type],
  description: <code>{type}</code>,
}));

export interface WebhookEndpointFormProps {
  /** The endpoint's values when editing; empty when adding. */
  initial?: WebhookEndpointFormValues;
  /** A heading above the fields (the add form); a dialog's title names the edit form. */
  heading?: ReactNode;
  label: string;
  submitLabel: string;
  pendingLabel: string;
  pending: boolean;
  /** Saves; a refusal it rejects with is shown in the form (an address the server refused…). */
  onSave: (request: CreateWebhookEndpointRequest) => Promise<unknown>;
  /** Empties the form after a save (the add form). */
  resetOnSave?: boolean;
  /** More buttons beside the submit button (the dialog's Cancel). */
  extraActions?: ReactNode;
  className?: string;
}

/** An endpoint's address, description and events, checked before sending as the server checks. */
export function WebhookEndpointForm({
  initial = EMPTY_ENDPOINT_FORM,
  heading,
  label,
  submitLabel,
  pendingLabel,
  pending,
  onSave,
  resetOnSave = false,
  extraActions,
  className,
}: WebhookEndpointFormProps) {
  const form = useZodForm(webhookEndpointSchema, { defaultValues: initial });

  const submit = form.handleSubmit(async (request) => {
    try {
      await onSave(request);
      if (resetOnSave) form.reset(EMPTY_ENDPOINT_FORM);
    } catch (error) {
      // The server's reasons (an address that resolves to a private network…) under their fields.
      applyServerErrors(form.setError, error, {
        url: /url|endpoint|address|host|https|http/i,
        events: /^events/,
        description: /^description/,
      });
    }
  });

  return (
    <form
      className={['wh-form', className].filter(Boolean).join(' ')}
      onSubmit={(event) => void submit(event)}
      noValidate
      aria-label={label}
    >
      {heading}
      <FormErrorSummary control={form.control} />
      <TextField
        control={form.control}
        name="url"
        type="url"
        label="Endpoint URL"
        required
        hint="An https address of the receiving system. It must not resolve to a private network."
        placeholder="https://example.com/webhooks/prosign"
        autoComplete="off"
        spellCheck={false}
        inputMode="url"
      />
      <TextAreaField
        control={form.control}
        name="description"
        label="Description"
        hint="Which system this is, and who looks after it."
        rows={2}
      />
      <CheckboxGroupField
        control={form.control}
        name="events"
        legend="Events"
        required
        hint="The events delivered to this endpoint."
        options={EVENT_OPTIONS}
      />
      <div className="wh-form__actions">
        {extraActions}
        <SubmitButton pending={pending} pendingLabel={pendingLabel}>
          {submitLabel}
        </SubmitButton>
      </div>
    </form>
  );
}
