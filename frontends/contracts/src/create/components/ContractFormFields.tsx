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
import { AddressAutocomplete, Combobox, StaffUserPicker } from '@prosign/ui/controls';
import { useId } from 'react';
import { useUsersByRole } from '../api/useCreationData';
import type { ContractForm } from '../contract-draft';

export interface ContractFormFieldsProps {
  fields: readonly FormField[];
  form: ContractForm;
  serviceType: string;
  fullNameOptions: readonly FullNameOption[];
  onChange(form: ContractForm): void;
}

const AMOUNT_FIELDS: readonly string[] = ['cost', 'deposit', 'progress'];

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
 * and amounts. Every rule comes from libs/domain.
 */
export function ContractFormFields({
  fields,
  form,
  serviceType,
  fullNameOptions,
  onChange,
}: ContractFormFieldsProps) {
  const baseId = useId();
  const csms = useUsersByRole('csm');
  const pms = useUsersByRole('pm');
  const set = (patch: Readonly<Record<string, string>>) => onChange({ ...form, ...patch });

  return (
    <div className="ps-contract-form">
      {fields.map((field) => {
        const id = `${baseId}-${field.name}`;
        const readOnly = field.isNotEditable;
        const value = form[field.name] ?? '';
        const label = (
          <label className="ps-field__label" htmlFor={id}>
            {field.label}
            {field.required ? <span aria-hidden="true"> *</span> : null}
          </label>
        );
        const common = {
          id,
          name: field.name,
          required: field.required,
          readOnly,
          'aria-readonly': readOnly || undefined,
        };

        if (field.name === 'full_name' && fullNameOptions.length > 1 && !readOnly) {
          const listed = fullNameOptions.some((option) => option.name === value);
          const choices = [...fullNameOptions, { name: ADD_NEW_CONTACT, email: '', phone: '' }];
          return (
            <div key={field.name} className="ps-field">
              <Combobox<FullNameOption>
                id={id}
                name={field.name}
                label={`${field.label}${field.required ? ' *' : ''}`}
                isRequired={field.required}
                placeholder="Search signatories or type a new name"
                // A new name is typed; a listed signatory is chosen (filling e-mail and phone).
                allowsCustomValue
                menuTrigger="focus"
                inputValue={value}
                onInputChange={(text) => set({ full_name: text })}
                loadOptions={(query) => Promise.resolve(matchingSignatories(choices, query))}
                minQueryLength={0}
                debounceMs={0}
                getKey={(option) => `${option.name}|${option.email}`}
                getLabel={(option) => option.name}
                renderOption={(option) => (
                  <span className="ps-listbox__text">
                    <span>{option.name}</span>
                    {option.email ? (
                      <span className="ps-listbox__detail">{option.email}</span>
                    ) : null}
                  </span>
                )}
                onSelect={(option) => {
                  if (option) set({ ...signatoryFieldsFor(option.name, fullNameOptions) });
                }}
                description={
                  !listed && value ? 'A new contact: enter their e-mail and phone.' : undefined
                }
              />
              <button
                type="button"
                className="ps-button ps-button--link"
                onClick={() => set({ ...signatoryFieldsFor(ADD_NEW_CONTACT, fullNameOptions) })}
              >
                {ADD_NEW_CONTACT}
              </button>
            </div>
          );
        }

        if (field.name === 'contact_number') {
          return (
            <div key={field.name} className="ps-field">
              {label}
              <input
                {...common}
                className="ps-input"
                type="tel"
                inputMode="tel"
                maxLength={PHONE_MAX_LENGTH}
                placeholder={PHONE_PLACEHOLDER}
                value={value}
                onChange={(event) => set({ contact_number: formatPhoneNumber(event.target.value) })}
              />
            </div>
          );
        }

        if (field.name === 'site_address' && !readOnly) {
          return (
            <div key={field.name} className="ps-field">
              <AddressAutocomplete
                id={id}
                name={field.name}
                label={`${field.label}${field.required ? ' *' : ''}`}
                required={field.required}
                value={value}
                onChange={(text) => set({ site_address: text })}
                onSelect={(picked) =>
                  set({
                    site_address: picked.address,
                    city: picked.city,
                    state: picked.state,
                    zipcode: picked.zipcode,
                  })
                }
              />
            </div>
          );
        }

        if ((field.name === 'csm_email' || field.name === 'pm_email') && !readOnly) {
          return (
            <StaffUserPicker
              key={field.name}
              label={`${field.label}${field.required ? ' *' : ''}`}
              users={(field.name === 'csm_email' ? csms.data : pms.data) ?? []}
              value={value}
              placeholder="--Select--"
              isRequired={field.required}
              onChange={(email) => set({ [field.name]: email ?? '' })}
            />
          );
        }

        if (AMOUNT_FIELDS.includes(field.name) && !readOnly) {
          return (
            <div key={field.name} className="ps-field">
              {label}
              <input
                {...common}
                className="ps-input"
                inputMode="decimal"
                value={value}
                onChange={(event) =>
                  set({
                    ...applyAmountChange(
                      form,
                      field.name as EditableAmountField,
                      event.target.value.replace(/[^\d.]/g, ''),
                      serviceType,
                    ),
                  })
                }
              />
            </div>
          );
        }

        if (field.type === 'dropdown') {
          return (
            <div key={field.name} className="ps-field">
              {label}
              <select
                {...common}
                disabled={readOnly}
                className="ps-select"
                value={value}
                onChange={(event) => set({ [field.name]: event.target.value })}
              >
                <option value="">--Select--</option>
                {field.options.map((option) => (
                  <option key={option} value={option}>
                    {option}
                  </option>
                ))}
              </select>
            </div>
          );
        }

        if (field.type === 'checkbox') {
          return (
            <div key={field.name} className="ps-field">
              <label htmlFor={id}>
                <input
                  {...common}
                  type="checkbox"
                  disabled={readOnly}
                  checked={value === 'true'}
                  onChange={(event) => set({ [field.name]: String(event.target.checked) })}
                />{' '}
                {field.label}
              </label>
            </div>
          );
        }

        return (
          <div key={field.name} className="ps-field">
            {label}
            <input
              {...common}
              className="ps-input"
              // The additional (cc) e-mail is plain text on purpose (spec 2 §5).
              type={field.type === 'email' && field.name !== 'additional_email' ? 'email' : 'text'}
              value={value}
              onChange={(event) => set({ [field.name]: event.target.value })}
            />
          </div>
        );
      })}
    </div>
  );
}
