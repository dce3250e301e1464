import { LoadingState } from '@prosign/ui';
import { SubmitButton } from '@prosign/ui/forms';
import { FormProvider } from 'react-hook-form';
import { messageOf, type ContractCreation } from '../hooks/useContractCreation';
import { ClauseEditor } from './ClauseEditor';
import { ContractFormFields } from './ContractFormFields';

/** The second panel of `/`: the service's contract form, then its clause editor. */
export function ContractPanel({
  creation,
  editorFormId,
}: {
  creation: ContractCreation;
  editorFormId: string;
}) {
  const { draft, definition, formMethods, mutations, busy } = creation;
  const { formState } = formMethods;
  return (
    <section className="ps-create__panel ps-card" aria-label="Contract">
      {!draft.serviceType ? (
        <p>Choose a service to fill in its contract form.</p>
      ) : definition.isPending ? (
        <LoadingState label="Loading the form" />
      ) : definition.isError ? (
        <p className="ps-field__error" role="alert">
          Error: {messageOf(definition.error)}
        </p>
      ) : draft.step === 'form' ? (
        <form noValidate aria-label="Contract form" onSubmit={creation.createContract}>
          <FormProvider {...formMethods}>
            <ContractFormFields
              fields={definition.data.fields}
              serviceType={draft.serviceType}
              fullNameOptions={draft.fullNameOptions}
              deal={draft.deal}
            />
          </FormProvider>
          {formState.errors.form?.message ? (
            <p className="ps-field__error" role="alert">
              {formState.errors.form.message}
            </p>
          ) : null}
          <SubmitButton
            pending={mutations.dealCheck.isPending}
            pendingLabel="Checking the deal…"
            disabled={busy}
          >
            Create Contract
          </SubmitButton>
        </form>
      ) : (
        <ClauseEditor
          formId={editorFormId}
          clauses={draft.clauses ?? creation.originalClauses}
          original={creation.originalClauses}
          service={creation.service}
          values={creation.placeholderValues}
          onChange={(clauses) => creation.update({ clauses })}
          onSave={creation.saveDocument}
          // Back to the form only while the document is not saved (spec 2 §2.1).
          onBack={draft.docLink ? undefined : () => creation.update({ step: 'form' })}
        />
      )}
    </section>
  );
}
