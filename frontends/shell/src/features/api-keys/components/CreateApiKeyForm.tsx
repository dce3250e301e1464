import type { CreateApiKeyRequest } from '@prosign/api-client';
import { API_KEY_SCOPES } from '@prosign/domain';
import {
  applyServerErrors,
  CheckboxGroupField,
  Field,
  FormErrorSummary,
  SubmitButton,
  TextField,
  useZodForm,
} from '@prosign/ui/forms';
import { useMemo } from 'react';
import { useWatch } from 'react-hook-form';
import {
  createApiKeySchema,
  EMPTY_CREATE_FORM,
  EXPIRY_CHOICES,
  expiryHint,
} from '../utils/api-key-form';
import { API_KEY_TEXTS as T, SCOPE_WORDS } from '../utils/api-key-texts';

const SCOPE_OPTIONS = API_KEY_SCOPES.map((scope) => ({
  value: scope,
  label: <code>{scope}</code>,
  description: SCOPE_WORDS[scope],
}));

interface CreateApiKeyFormProps {
  pending: boolean;
  /** Creates the key; a refusal it rejects with is shown in the form. */
  onCreate: (request: CreateApiKeyRequest) => Promise<unknown>;
  /** The admin signed in: the owner when none is given. */
  myEmail: string;
}

/** Name, scopes, expiry and owner of a new key; checked by the same rule as the server's. */
export function CreateApiKeyForm({ pending, onCreate, myEmail }: CreateApiKeyFormProps) {
  const schema = useMemo(() => createApiKeySchema(), []);
  const form = useZodForm(schema, { defaultValues: EMPTY_CREATE_FORM });
  const [expiry, expiryDate] = useWatch({ control: form.control, name: ['expiry', 'expiryDate'] });

  const submit = form.handleSubmit(async (request) => {
    try {
      await onCreate(request);
      form.reset(EMPTY_CREATE_FORM);
    } catch (error) {
      // What was typed stays for correction; the server's reasons go under their fields.
      applyServerErrors(form.setError, error, {
        name: /^name/,
        scopes: /^scopes/,
        ownerEmail: /^ownerEmail/,
        expiryDate: /^expiresAt/,
      });
    }
  });

  return (
    <form
      className="ps-card ak-create"
      onSubmit={(event) => void submit(event)}
      noValidate
      aria-labelledby="ak-create-title"
    >
      <h2 id="ak-create-title" className="integration-section-title">
        {T.createTitle}
      </h2>
      <FormErrorSummary control={form.control} />
      <div className="ak-create__row">
        <TextField
          control={form.control}
          name="name"
          label="Name"
          required
          hint="Say which system uses it, e.g. “Accounting sync”."
          maxLength={100}
          autoComplete="off"
        />
        <TextField
          control={form.control}
          name="ownerEmail"
          type="email"
          label="Owner"
          hint={`Who answers for the key; ${myEmail} when left empty.`}
          autoComplete="off"
        />
      </div>
      <CheckboxGroupField
        control={form.control}
        name="scopes"
        legend="Scopes"
        required
        hint="What the key may do. Choose only what the system needs."
        options={SCOPE_OPTIONS}
      />
      <div className="ak-create__row ak-create__expiry">
        <Field
          label="Expires"
          hint={expiry === 'date' ? undefined : expiryHint(expiry, expiryDate, new Date())}
          error={form.formState.errors.expiry?.message}
        >
          {(aria) => (
            <select {...aria} className="ps-select" {...form.register('expiry')}>
              {EXPIRY_CHOICES.map((choice) => (
                <option key={choice.value} value={choice.value}>
                  {choice.label}
                </option>
              ))}
            </select>
          )}
        </Field>
        {expiry === 'date' ? (
          <Field
            label="Last day"
            required
            hint={expiryHint(expiry, expiryDate, new Date())}
            error={form.formState.errors.expiryDate?.message}
          >
            {(aria) => (
              <input {...aria} type="date" className="ps-input" {...form.register('expiryDate')} />
            )}
          </Field>
        ) : null}
      </div>
      <div className="ak-create__actions">
        <SubmitButton pending={pending} pendingLabel={T.creating}>
          {T.create}
        </SubmitButton>
      </div>
    </form>
  );
}
