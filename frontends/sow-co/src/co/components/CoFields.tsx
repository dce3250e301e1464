// One field of the CO form (spec 3 §2), as its definition says to render it.
import { CO_SEARCH_DEBOUNCE_MS, useCoSearches } from '@prosign/api-client';
import {
  CO_MONEY_MIN,
  CO_MONEY_STEP,
  followSplit,
  isSplitPayment,
  SPLIT_RESET,
  type CoFormFieldView,
} from '@prosign/domain';
import {
  AddressAutocomplete,
  CrmContactPicker,
  MoneyInput,
  Select,
  StaffMultiSelect,
  StaffUserPicker,
  type CrmContact,
} from '@prosign/ui/controls';
import { CheckboxField, TextAreaField, TextField, useFormControl } from '@prosign/ui/forms';
import { useWatch } from 'react-hook-form';
import { CO_TEXTS } from '../utils/co-form-values';

import type { CoContractFormProps } from './CoContractForm';

const contactOf = (record: { id: string; properties: Record<string, string | null> }) => ({
  id: record.id,
  firstname: record.properties.firstname ?? null,
  middlename: record.properties.middlename ?? null,
  lastname: record.properties.lastname ?? null,
  email: record.properties.email ?? null,
  phone: record.properties.phone ?? null,
});

type CoFieldProps = Omit<CoContractFormProps, 'onSubmit' | 'pending'> & {
  field: CoFormFieldView;
  hasPicker: boolean;
};

export function CoField(props: CoFieldProps) {
  const { field, form, hasPicker } = props;
  const { control } = form;
  const name = `fields.${field.name}` as const;
  const readOnly = field.isNotEditable;
  const wide = field.type === 'textarea' ? ' co-form__wide' : '';

  switch (field.name) {
    case 'signatory_details':
      return <SignatoryPicker {...props} />;
    case 'signatory_name':
      // Without a picker in the definition, the picker comes before the name.
      return hasPicker ? (
        <PlainField {...props} />
      ) : (
        <>
          <SignatoryPicker {...props} field={{ ...field, label: 'Signatory', required: false }} />
          <PlainField {...props} />
        </>
      );
    case 'csm_email':
    case 'pm_email':
      return <StaffField {...props} />;
    case 'cc_emails':
      return <CcField {...props} />;
    case 'fee':
      return <FeeField {...props} />;
    case 'payment_terms':
      return <PaymentTermsField {...props} />;
    case 'firstPayment':
    case 'secondPayment':
      // Drawn under the payment terms.
      return null;
    case 'project_address':
      if (!readOnly) return <AddressField {...props} />;
  }
  if (field.type === 'dropdown') return <DropdownField {...props} />;
  if (field.type === 'checkbox') {
    return <CheckboxField control={control} name={name} label={field.label} disabled={readOnly} />;
  }
  if (field.type === 'textarea') {
    return (
      <TextAreaField
        control={control}
        name={name}
        label={field.label}
        required={field.required}
        readOnly={readOnly}
        placeholder={field.placeholder}
        className={`co-form__field${wide}`}
        inputClassName="co-form__textarea"
      />
    );
  }
  return <PlainField {...props} />;
}

function PlainField({ field, form }: CoFieldProps) {
  return (
    <TextField
      control={form.control}
      name={`fields.${field.name}`}
      label={field.label}
      required={field.required}
      readOnly={field.isNotEditable}
      placeholder={field.placeholder}
      // additional_email is plain text (spec 3 §5); other e-mail fields use the browser's check.
      type={field.type === 'email' && field.name !== 'additional_email' ? 'email' : 'text'}
      autoComplete="off"
      className="co-form__field"
    />
  );
}

function SignatoryPicker({
  field,
  form,
  signatory,
  linkedSignatories,
  onSignatoryPick,
}: CoFieldProps) {
  const { searchContacts } = useCoSearches();
  const search = async (query: string, signal: AbortSignal): Promise<CrmContact[]> =>
    (await searchContacts(query, signal)).contacts.map(contactOf);
  return (
    <CrmContactPicker
      className="co-form__field co-form__signatory"
      label={field.label}
      value={signatory}
      onChange={onSignatoryPick}
      searchContacts={search}
      linkedContacts={linkedSignatories}
      // A signatory already typed in (an Edit and Resend) is kept.
      autoSelectSingleLinked={!String(form.getValues('fields.signatory_email') ?? '').trim()}
      debounceMs={CO_SEARCH_DEBOUNCE_MS.contacts}
      isDisabled={field.isNotEditable}
      description={
        signatory ? undefined : 'Or type a new signatory’s name, e-mail and phone below.'
      }
    />
  );
}

function StaffField({ field, form, csmUsers, pmUsers }: CoFieldProps) {
  const bound = useFormControl({ control: form.control, name: `fields.${field.name}` });
  return (
    <StaffUserPicker
      className="co-form__field"
      label={field.label}
      users={field.name === 'csm_email' ? csmUsers : pmUsers}
      value={typeof bound.value === 'string' ? bound.value : null}
      onChange={(email) => bound.onChange(email ?? '')}
      placeholder={field.placeholder}
      isRequired={field.required}
      isDisabled={field.isNotEditable}
      errorMessage={bound.errorMessage}
    />
  );
}

function CcField({ field, form, definition }: CoFieldProps) {
  const cc = useFormControl({ control: form.control, name: 'cc_emails' });
  return (
    <StaffMultiSelect
      className="co-form__field"
      label={field.label}
      users={definition.ccChoices}
      fixedUser={definition.companyCcEmail}
      value={cc.value}
      onChange={cc.onChange}
      placeholder={field.placeholder}
      isDisabled={field.isNotEditable}
      errorMessage={cc.errorMessage}
    />
  );
}

function FeeField({ field, form }: CoFieldProps) {
  const fee = useFormControl({ control: form.control, name: 'fee' });
  return (
    <MoneyInput
      className="co-form__field"
      label={field.label}
      name="fee"
      value={fee.value}
      onChange={(value) => {
        fee.onChange(value);
        // The split follows a new fee: the second payment is what the first leaves.
        const { getValues, setValue } = form;
        if (isSplitPayment(String(getValues('fields.payment_terms') ?? ''))) {
          const next = followSplit(value, 'firstPayment', getValues('firstPayment'));
          setValue('secondPayment', next.secondPayment);
        }
      }}
      step={CO_MONEY_STEP}
      min={CO_MONEY_MIN}
      isRequired={field.required}
      isReadOnly={field.isNotEditable}
      errorMessage={fee.errorMessage}
    />
  );
}

function PaymentTermsField({ field, form, definition }: CoFieldProps) {
  const terms = useFormControl({ control: form.control, name: 'fields.payment_terms' });
  const first = useFormControl({ control: form.control, name: 'firstPayment' });
  const second = useFormControl({ control: form.control, name: 'secondPayment' });
  const fee = useWatch({ control: form.control, name: 'fee' });
  const choices = field.options.length > 0 ? field.options : definition.paymentTerms;
  const value = typeof terms.value === 'string' ? terms.value : '';
  const split = isSplitPayment(value);
  const validate = { shouldValidate: form.formState.isSubmitted };
  const follow = (edited: 'firstPayment' | 'secondPayment', amount: number | null) => {
    const next = followSplit(fee, edited, amount);
    form.setValue(edited, amount === null ? null : next[edited], validate);
    const other = edited === 'firstPayment' ? 'secondPayment' : 'firstPayment';
    form.setValue(other, next[other], validate);
  };
  return (
    <div className="co-form__terms">
      <Select
        className="co-form__field"
        label={field.label}
        options={choices.map((choice) => ({ value: choice, label: choice }))}
        value={value || null}
        onChange={(next) => {
          terms.onChange(next ?? '');
          // Changing the terms resets both amounts (spec 3 §2).
          form.setValue('firstPayment', SPLIT_RESET.firstPayment);
          form.setValue('secondPayment', SPLIT_RESET.secondPayment);
        }}
        placeholder={field.placeholder || CO_TEXTS.paymentTermsPlaceholder}
        isRequired={field.required}
        isDisabled={field.isNotEditable}
        errorMessage={terms.errorMessage}
      />
      {split ? (
        <div className="co-form__split" role="group" aria-labelledby="co-split-prompt">
          <p id="co-split-prompt" className="co-form__split-prompt">
            {CO_TEXTS.splitPrompt}
          </p>
          {(
            [
              ['firstPayment', CO_TEXTS.firstPayment, first],
              ['secondPayment', CO_TEXTS.secondPayment, second],
            ] as const
          ).map(([name, label, bound]) => (
            <MoneyInput
              key={name}
              label={label}
              name={name}
              value={bound.value}
              onChange={(amount) => follow(name, amount)}
              step={CO_MONEY_STEP}
              min={CO_MONEY_MIN}
              isRequired
              errorMessage={bound.errorMessage}
            />
          ))}
        </div>
      ) : null}
    </div>
  );
}

function DropdownField({ field, form }: CoFieldProps) {
  const bound = useFormControl({ control: form.control, name: `fields.${field.name}` });
  return (
    <Select
      className="co-form__field"
      label={field.label}
      options={field.options.map((choice) => ({ value: choice, label: choice }))}
      value={typeof bound.value === 'string' && bound.value ? bound.value : null}
      onChange={(next) => bound.onChange(next ?? '')}
      placeholder={field.placeholder || 'Select…'}
      isRequired={field.required}
      isDisabled={field.isNotEditable}
      errorMessage={bound.errorMessage}
    />
  );
}

function AddressField({ field, form, definition }: CoFieldProps) {
  const bound = useFormControl({ control: form.control, name: 'fields.project_address' });
  const has = (name: string) => definition.formFields.some((candidate) => candidate.name === name);
  return (
    <div className="ps-field co-form__field">
      <AddressAutocomplete
        label={field.label}
        name="project_address"
        value={typeof bound.value === 'string' ? bound.value : ''}
        onChange={(text) => bound.onChange(text)}
        onSelect={(address) => {
          bound.onChange(address.address);
          // City, state and zipcode are filled when the definition has them.
          for (const part of ['city', 'state', 'zipcode'] as const) {
            if (has(part)) form.setValue(`fields.${part}`, address[part] ?? '');
          }
        }}
        required={field.required}
      />
      {bound.errorMessage ? (
        <p className="ps-field__error" role="alert">
          {bound.errorMessage}
        </p>
      ) : null}
    </div>
  );
}
