import {
  coFieldGroups,
  fullNameOf,
  type ClientSignatoryView,
  type CoFormFieldsResponse,
} from '@prosign/domain';
import {
  AdditionalSigners,
  FormCountersigner,
  FormEmailCode,
  FormErrorSummary,
  SubmitButton,
  type ZodForm,
} from '@prosign/ui/forms';
import { FormProvider, useWatch } from 'react-hook-form';
import {
  CO_SIGNER_FIELDS,
  CO_TEXTS,
  type CoFormValues,
  type coFormSchema,
} from '../utils/co-form-values';

type CoForm = ZodForm<ReturnType<typeof coFormSchema>>;

import { CoField } from './CoFields';

export interface CoContractFormProps {
  form: CoForm;
  definition: CoFormFieldsResponse;
  /** Staff users by role, for the CSM and PM pickers. */
  csmUsers: readonly string[];
  pmUsers: readonly string[];
  signatory: ClientSignatoryView | null;
  /** The contacts linked to the deal (listed below the search results). */
  linkedSignatories: readonly ClientSignatoryView[];
  onSignatoryPick: (contact: ClientSignatoryView | null) => void;
  onSubmit: (values: CoFormValues) => void;
  pending: boolean;
}

/**
 * The CO form (spec 3 §2): the server's definition, its first nine fields as
 * one group and the rest as a second, each drawn by type, special fields by
 * name (signatory picker, staff pickers, cc list, payment terms with the
 * split, fee, project address autocomplete).
 */
export function CoContractForm({
  form,
  definition,
  csmUsers,
  pmUsers,
  signatory,
  linkedSignatories,
  onSignatoryPick,
  onSubmit,
  pending,
}: CoContractFormProps) {
  const [first, rest] = coFieldGroups(definition.formFields);
  const hasPicker = definition.formFields.some((field) => field.name === 'signatory_details');
  const props = {
    form,
    definition,
    csmUsers,
    pmUsers,
    signatory,
    linkedSignatories,
    onSignatoryPick,
    hasPicker,
  };
  return (
    // The additional signers' fields find the form through its context.
    <FormProvider {...form}>
      <form
        className="sow-form co-form"
        noValidate
        aria-label="Change order details"
        onSubmit={form.handleSubmit(onSubmit)}
      >
        <FormErrorSummary control={form.control} />
        {(
          [
            ['Deal, project and signatory', first],
            ['Change, fee and people', rest],
          ] as const
        ).map(([legend, fields]) =>
          fields.length > 0 ? (
            <fieldset key={legend} className="sow-form__group">
              <legend className="sow-form__legend">{legend}</legend>
              <div className="co-form__fields">
                {fields.map((field) => (
                  <CoField key={field.name} field={field} {...props} />
                ))}
              </div>
            </fieldset>
          ) : null,
        )}
        <CoSigners form={form} linkedSignatories={linkedSignatories} />
        <SubmitButton pending={pending} pendingLabel={CO_TEXTS.creating}>
          {CO_TEXTS.create}
        </SubmitButton>
      </form>
    </FormProvider>
  );
}

/** The signers besides the signatory: the deal's other client signatories, or typed. */
function CoSigners({
  form,
  linkedSignatories,
}: Pick<CoContractFormProps, 'form' | 'linkedSignatories'>) {
  const [name, email] = useWatch({
    control: form.control,
    name: ['fields.signatory_name', 'fields.signatory_email'],
  });
  const options = linkedSignatories.map((contact) => ({
    name: fullNameOf(contact),
    email: contact.email ?? '',
    phone: contact.phone ?? '',
  }));
  return (
    <>
      <AdditionalSigners
        className="sow-form__group"
        options={options}
        firstSigner={{ name: String(name ?? ''), email: String(email ?? '') }}
        firstSignerRole="the signatory"
        example="the client's lender or general contractor"
        linkedFields={CO_SIGNER_FIELDS}
      />
      <FormCountersigner family="co" className="sow-form__group" />
      <FormEmailCode family="co" className="sow-form__group" />
    </>
  );
}
