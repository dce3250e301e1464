import {
  ADD_NEW_CONTACT,
  applyAmountChange,
  formatPhoneNumber,
  PHONE_MAX_LENGTH,
  PHONE_PLACEHOLDER,
  signatoryFieldsFor,
  type EditableAmountField,
  type FormField,
  type FullNameOption,
} from '@prosign/domain';
import {
  AddressAutocomplete,
  Combobox,
  SearchableSelect,
  Select,
  StaffUserPicker,
} from '@prosign/ui/controls';
import {
  AdditionalSigners,
  FormCountersigner,
  FormEmailCode,
  Field,
  ReadOnlyField,
  TextField,
  useFormControl,
  type FormControlBinding,
} from '@prosign/ui/forms';
import { Fragment } from 'react';
import { useFormContext, useWatch, type UseFormGetValues } from 'react-hook-form';
import { useUsersByRole } from '../api/useCreationData';
import {
  groupFields,
  readOnlyDisplay,
  type ContractForm,
  type DealSummary,
} from '../contract-draft';
import type { CreateStepValues } from '../contract-form-schema';

export interface ContractFormFieldsProps {
  fields: readonly FormField[];
  serviceType: string;
  fullNameOptions: readonly FullNameOption[];
  /** The chosen deal, for how read-only values read (the stage's label). */
  deal: DealSummary | null;
}

const AMOUNT_FIELDS: readonly string[] = ['cost', 'deposit', 'progress'];
/** A dropdown with more options than this gets a search field. */
const LONG_LIST = 10;
const SELECT_PLACEHOLDER = '--Select--';
/** The group of the client's own fields (name, e-mail, phone, cc). */
const CLIENT_GROUP = 'Client';

/** The signatories whose name or e-mail holds the typed text ('Add New Contact' always offered). */
function matchingSignatories(options: readonly FullNameOption[], query: string): FullNameOption[] {
  const text = query.trim().toLowerCase();
  return options.filter(
    (option) =>
      option.name === ADD_NEW_CONTACT ||
      !text ||
      option.name.toLowerCase().includes(text) ||
      option.email.toLowerCase().includes(text),
  );
}

/**
 * The dynamic form of the chosen service (spec 2 §2.1, §5): fields from its
 * form definition, with the screen's rules for names, phone, address, people
 * and amounts. Every rule comes from libs/domain; every field is bound to the
 * page's form (react-hook-form through `@prosign/ui/forms`), its error under it.
 */
export function ContractFormFields({
  fields,
  serviceType,
  fullNameOptions,
  deal,
}: ContractFormFieldsProps) {
  const groups = groupFields(fields);
  // The additional signers follow the client's own fields, else the last group.
  const clientAt = groups.findIndex((group) => group.title === CLIENT_GROUP);
  const signersAt = clientAt >= 0 ? clientAt : groups.length - 1;
  return (
    <div className="ps-contract-form">
      {groups.map((group, index) => (
        <Fragment key={group.title}>
          <fieldset className="ps-contract-form__group">
            <legend className="ps-contract-form__legend">{group.title}</legend>
            <div className="ps-contract-form__fields">
              {group.fields.map((field) => (
                <ContractField
                  key={field.name}
                  field={field}
                  serviceType={serviceType}
                  fullNameOptions={fullNameOptions}
                  deal={deal}
                />
              ))}
            </div>
          </fieldset>
          {index === signersAt ? <ContractSigners options={fullNameOptions} /> : null}
        </Fragment>
      ))}
    </div>
  );
}

/** What a field's parts share: its binding, and a patch of several form values at once. */
interface FieldParts {
  field: FormField;
  name: string;
  value: string;
  binding: FormControlBinding<string>;
  picker: { label: string; isRequired: boolean; errorMessage: string | undefined };
  getValues: UseFormGetValues<CreateStepValues>;
  patch: (changes: object) => void;
}

/** The signatory's name: one of the deal's signatories (filling e-mail and phone) or a new name. */
function SignatoryNameField({
  parts,
  fullNameOptions,
}: {
  parts: FieldParts;
  fullNameOptions: readonly FullNameOption[];
}) {
  const { name, value, picker, binding, patch } = parts;
  const listed = fullNameOptions.some((option) => option.name === value);
  const choices = [...fullNameOptions, { name: ADD_NEW_CONTACT, email: '', phone: '' }];
  return (
    <div className="ps-field">
      <Combobox<FullNameOption>
        {...picker}
        name={name}
        placeholder="Search signatories or type a new name"
        // A new name is typed; a listed signatory is chosen (filling e-mail and phone).
        allowsCustomValue
        menuTrigger="focus"
        inputValue={value}
        onInputChange={binding.onChange}
        loadOptions={(query) => Promise.resolve(matchingSignatories(choices, query))}
        minQueryLength={0}
        debounceMs={0}
        getKey={(option) => `${option.name}|${option.email}`}
        getLabel={(option) => option.name}
        renderOption={(option) => (
          <span className="ps-listbox__text">
            <span>{option.name}</span>
            {option.email ? <span className="ps-listbox__detail">{option.email}</span> : null}
          </span>
        )}
        onSelect={(option) => {
          if (option) patch(signatoryFieldsFor(option.name, fullNameOptions));
        }}
        description={!listed && value ? 'A new contact: enter their e-mail and phone.' : undefined}
      />
      <button
        type="button"
        className="ps-button ps-button--link"
        onClick={() => patch(signatoryFieldsFor(ADD_NEW_CONTACT, fullNameOptions))}
      >
        {ADD_NEW_CONTACT}
      </button>
    </div>
  );
}

/** One of the amounts, which follow each other (deposit half the cost, balance what is left). */
function AmountField({ parts, serviceType }: { parts: FieldParts; serviceType: string }) {
  const { field, name, value, getValues, binding, patch } = parts;
  // The amounts follow each other (deposit half the cost, balance what is left).
  return (
    <Field label={field.label} required={field.required} error={binding.errorMessage}>
      {(aria) => (
        <input
          {...aria}
          ref={binding.ref}
          name={name}
          className="ps-input"
          inputMode="decimal"
          value={value}
          onBlur={binding.onBlur}
          onChange={(event) =>
            patch(
              applyAmountChange(
                getValues('form'),
                field.name as EditableAmountField,
                event.target.value.replace(/[^\d.]/g, ''),
                serviceType,
              ),
            )
          }
        />
      )}
    </Field>
  );
}

function ContractField({
  field,
  serviceType,
  fullNameOptions,
  deal,
}: {
  field: FormField;
  serviceType: string;
  fullNameOptions: readonly FullNameOption[];
  deal: DealSummary | null;
}) {
  const { control, getValues, setValue, formState } = useFormContext<CreateStepValues>();
  const name = `form.${field.name}` as const;
  const binding = useFormControl({ control, name });
  const staff = useUsersByRole(field.name === 'pm_email' ? 'pm' : 'csm');
  const value = binding.value ?? '';
  const readOnly = field.isNotEditable;
  const picker = {
    label: field.label,
    isRequired: field.required,
    errorMessage: binding.errorMessage,
  };
  // Several fields at once (a chosen signatory, an address, the amounts that follow each other).
  const patch = (changes: object) =>
    setValue('form', { ...getValues('form'), ...changes } as ContractForm, {
      shouldDirty: true,
      shouldValidate: formState.isSubmitted,
    });
  const parts: FieldParts = { field, name, value, binding, picker, getValues, patch };

  // Values the CRM or the rules decide read as text, not as a disabled input, and
  // whole (they wrap); the stage shows its label.
  if (readOnly && field.type !== 'checkbox') {
    return (
      <ReadOnlyField
        label={field.label}
        required={field.required}
        name={name}
        value={readOnlyDisplay(field.name, value, deal)}
      />
    );
  }

  if (field.name === 'full_name' && fullNameOptions.length > 1 && !readOnly) {
    return <SignatoryNameField parts={parts} fullNameOptions={fullNameOptions} />;
  }

  if (field.name === 'site_address' && !readOnly) {
    return (
      <AddressAutocomplete
        label={field.label}
        name={name}
        required={field.required}
        value={value}
        onChange={binding.onChange}
        onSelect={(picked) =>
          patch({
            site_address: picked.address,
            city: picked.city,
            state: picked.state,
            zipcode: picked.zipcode,
          })
        }
      />
    );
  }

  if ((field.name === 'csm_email' || field.name === 'pm_email') && !readOnly) {
    return (
      <StaffUserPicker
        {...picker}
        users={staff.data ?? []}
        value={value}
        placeholder={SELECT_PLACEHOLDER}
        onChange={(email) => binding.onChange(email ?? '')}
      />
    );
  }

  if (AMOUNT_FIELDS.includes(field.name) && !readOnly) {
    return <AmountField parts={parts} serviceType={serviceType} />;
  }

  if (field.type === 'dropdown') {
    const Dropdown = field.options.length > LONG_LIST ? SearchableSelect : Select;
    return (
      <Dropdown
        {...picker}
        options={field.options.map((option) => ({ value: option, label: option }))}
        value={value || null}
        placeholder={SELECT_PLACEHOLDER}
        isDisabled={readOnly}
        onChange={(next) => binding.onChange(next ?? '')}
      />
    );
  }

  if (field.type === 'checkbox') {
    return (
      <Field
        label={field.label}
        required={field.required}
        error={binding.errorMessage}
        layout="check"
      >
        {(aria) => (
          <input
            {...aria}
            ref={binding.ref}
            name={name}
            type="checkbox"
            disabled={readOnly}
            checked={value === 'true'}
            onBlur={binding.onBlur}
            onChange={(event) => binding.onChange(String(event.target.checked))}
          />
        )}
      </Field>
    );
  }

  const phone = field.name === 'contact_number';
  return (
    <TextField
      control={control}
      name={name}
      label={field.label}
      required={field.required}
      readOnly={readOnly}
      {...(phone
        ? {
            type: 'tel' as const,
            inputMode: 'tel' as const,
            maxLength: PHONE_MAX_LENGTH,
            placeholder: PHONE_PLACEHOLDER,
            format: formatPhoneNumber,
          }
        : {
            // The additional (cc) e-mail is plain text on purpose (spec 2 §5).
            type:
              field.type === 'email' && field.name !== 'additional_email'
                ? ('email' as const)
                : ('text' as const),
          })}
    />
  );
}

/** The form's signers besides the client, picked from the deal's client signatories or typed. */
function ContractSigners({ options }: { options: readonly FullNameOption[] }) {
  const [name, email] = useWatch<CreateStepValues, ['form.full_name', 'form.email']>({
    name: ['form.full_name', 'form.email'],
  });
  return (
    <>
      <AdditionalSigners
        className="ps-contract-form__group"
        options={options}
        firstSigner={{ name, email }}
        firstSignerRole="the client"
        linkedFields={CONTRACT_SIGNER_FIELDS}
      />
      <FormCountersigner family="standard" className="ps-contract-form__group" />
      <FormEmailCode family="standard" className="ps-contract-form__group" />
    </>
  );
}

/** The form's fields the signer list is checked with: the client and the cc address. */
const CONTRACT_SIGNER_FIELDS = ['form.full_name', 'form.email', 'form.additional_email'];
