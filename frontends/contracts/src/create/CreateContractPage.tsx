import { useFormDefinition, useServices } from '@prosign/api-client';
import {
  CONTRACT_MESSAGES,
  contractSentMessage,
  standardContractValues,
  REPORT_COUNT_OPTIONS,
  TOAST_DURATION_MS,
  withDocLinkMode,
  type DealLookupView,
  type DealPropertiesCheck,
  type FormField,
} from '@prosign/domain';
import { ConfirmDialog, LoadingState, PageHeader, useToast } from '@prosign/ui';
import { Select } from '@prosign/ui/controls';
import { SubmitButton, useFormControl, useZodForm } from '@prosign/ui/forms';
import { useEffect, useId, useMemo, useRef, useState } from 'react';
import { FormProvider } from 'react-hook-form';
import { Navigate } from 'react-router';
import {
  useCreateDocument,
  useDealCheck,
  useDealLookup,
  useDownloadPdf,
  useSendContract,
  useUpdateDeal,
} from '../create/api/useCreationMutations';
import { ClauseEditor } from '../create/components/ClauseEditor';
import { ClausePreview } from '../create/components/ClausePreview';
import { DealSummaryCard } from '../create/components/DealSummaryCard';
import { ContractFormFields } from '../create/components/ContractFormFields';
import { DealSearch } from '../create/components/DealSearch';
import { MissingPropertiesModal } from '../create/components/MissingPropertiesModal';
import {
  CLAUSE_FIELDS,
  clearDraft,
  contractFormData,
  dealSummaryOf,
  EMPTY_DRAFT,
  EMPTY_FORM,
  formFromDeal,
  loadDraft,
  saveDraft,
  sendInput,
  type Clauses,
  type ContractDraft,
} from '../create/contract-draft';
import { createStepSchema, type CreateStepValues } from '../create/contract-form-schema';
import '../create/create-contract.css';

const LONG = TOAST_DURATION_MS.long;
/** "Maria Chen <maria@example.com>", or the address alone. */
const recipientOf = (name: string, email: string) =>
  name.trim() ? `${name.trim()} <${email.trim()}>` : email.trim();
const messageOf = (error: unknown) =>
  error instanceof Error && error.message ? error.message : 'Something went wrong';

/** / — standard contract creation (spec 2 §2.1, §4): form → editor → preview → send. */
export function CreateContractPage() {
  const toast = useToast();
  const [saved] = useState<ContractDraft>(() => loadDraft());
  // The steps, the clauses and the document; the form's values are react-hook-form's (below).
  const [wizard, setWizard] = useState<ContractDraft>(saved);
  const fieldsRef = useRef<readonly FormField[]>([]);
  const [schema] = useState(() => createStepSchema(() => fieldsRef.current));
  const formMethods = useZodForm(schema, {
    defaultValues: {
      serviceType: saved.serviceType,
      t24ReportCount: saved.t24ReportCount,
      form: saved.form,
    },
  });
  const { watch, setValue, reset, handleSubmit, formState, control } = formMethods;
  const serviceChoice = useFormControl({ control, name: 'serviceType' });
  const reportChoice = useFormControl({ control, name: 't24ReportCount' });
  const values = watch() as CreateStepValues;
  const draft: ContractDraft = { ...wizard, ...values };
  const dealLookup = useDealLookup();
  const dealCheck = useDealCheck();
  const createDocument = useCreateDocument();
  const updateDeal = useUpdateDeal();
  const sendContract = useSendContract();
  const downloadPdf = useDownloadPdf();
  // One request at a time: every action waits while any of them runs.
  const busy = [dealLookup, dealCheck, createDocument, sendContract, downloadPdf].some(
    (mutation) => mutation.isPending,
  );
  const [check, setCheck] = useState<DealPropertiesCheck | null>(null);
  const [sentLink, setSentLink] = useState<string | null>(null);
  const [sentTo, setSentTo] = useState<string | null>(null);
  const editorFormId = useId();
  const [changeOrderDeal, setChangeOrderDeal] = useState<DealLookupView | null>(null);
  const services = useServices();
  const definition = useFormDefinition(draft.serviceType);
  fieldsRef.current = definition.data?.fields ?? [];

  // The draft survives a reload (spec 2 §4 contractFormData), except the emptied one after a send.
  const serialized = JSON.stringify(draft);
  useEffect(() => {
    if (serialized !== JSON.stringify(EMPTY_DRAFT)) saveDraft(JSON.parse(serialized));
  }, [serialized]);

  const update = (patch: Partial<ContractDraft>) => {
    const { serviceType, t24ReportCount, form, ...rest } = patch;
    if (serviceType !== undefined) setValue('serviceType', serviceType);
    if (t24ReportCount !== undefined) setValue('t24ReportCount', t24ReportCount);
    if (form !== undefined) setValue('form', form);
    setWizard((current) => ({ ...current, ...rest }));
  };
  const service = services.data?.find((candidate) => candidate.serviceName === draft.serviceType);
  const originalClauses = useMemo<Clauses>(() => {
    const texts: Partial<Record<string, string>> = definition.data?.additionalFields ?? {};
    return Object.fromEntries(
      CLAUSE_FIELDS.map((field) => [field.name, texts[field.name] ?? '']),
    ) as Clauses;
  }, [definition.data]);

  // What each clause placeholder becomes in the document, shown beside it in the editor.
  const placeholderValues = standardContractValues(contractFormData(draft), new Date());

  const pickDeal = (dealId: string, label: string) =>
    dealLookup.mutate(dealId, {
      onSuccess: ({ lookup, csmEmail }) => {
        // A change-order deal: the CO screen takes over with the deal's data.
        if (lookup.redirect) return setChangeOrderDeal(lookup);
        const { form, fullNameOptions } = formFromDeal(
          lookup.deal,
          lookup.clientSignatories,
          csmEmail,
        );
        update({
          form,
          fullNameOptions,
          search_term: label,
          step: 'form',
          docLink: null,
          deal: dealSummaryOf(lookup),
        });
      },
      onError: (error) => toast.error(`Error: ${messageOf(error)}`, LONG),
    });

  const openEditor = () =>
    update({ step: 'editor', clauses: draft.clauses ?? originalClauses, docLink: null });

  // Create Contract: the schema (the domain's rules) first, then the deal check.
  const createContract = handleSubmit(() => {
    // An edit of a cancelled contract skips the CRM property check (spec 2 §4).
    if (!draft.form.hs_deal_id || draft.replacesToken) {
      openEditor();
      return;
    }
    dealCheck.mutate(draft.form.hs_deal_id, {
      onSuccess: (result) => (result.isValid ? openEditor() : setCheck(result)),
      onError: () => toast.error(CONTRACT_MESSAGES.dealCheckFailed, LONG),
    });
  });

  const saveDocument = (clauses: Clauses) => {
    update({ clauses });
    createDocument.mutate(
      { serviceType: draft.serviceType, formData: contractFormData(draft, clauses) },
      {
        onSuccess: ({ docLink }) => {
          update({ step: 'preview', docLink });
          if (!draft.form.hs_deal_id) return;
          updateDeal.mutate(
            { dealId: draft.form.hs_deal_id, formData: contractFormData(draft) },
            {
              onError: () =>
                toast.info('The HubSpot deal could not be updated with the form values.', LONG),
            },
          );
        },
        onError: (error) =>
          // The server's reason when it gave one (spec 2 §8: "… with error"), else the plain message.
          toast.error(
            error instanceof Error && error.message
              ? `${CONTRACT_MESSAGES.creationFailedInEditor}: ${error.message}`
              : CONTRACT_MESSAGES.creationFailed,
            LONG,
          ),
      },
    );
  };

  const send = () => {
    if (!draft.docLink || !draft.clauses) return;
    sendContract.mutate(sendInput(draft, draft.docLink, draft.clauses), {
      onSuccess: (result) => {
        toast.success(contractSentMessage(draft.form.email, result.signingLink), LONG);
        setSentLink(result.signingLink);
        setSentTo(recipientOf(draft.form.full_name, draft.form.email));
        clearDraft();
        setWizard(EMPTY_DRAFT);
        reset({ serviceType: '', t24ReportCount: '', form: EMPTY_FORM });
      },
      // The server names the step that failed; sending again continues from it.
      onError: (error) => toast.error(messageOf(error) || CONTRACT_MESSAGES.sendFailed, LONG),
    });
  };

  const download = () => {
    if (!draft.docLink) return;
    downloadPdf.mutate(
      {
        docLink: draft.docLink,
        filename: `${draft.serviceType || 'Contract'} - ${draft.form.site_address}.pdf`,
      },
      {
        onSuccess: () => toast.success(CONTRACT_MESSAGES.downloaded, LONG),
        onError: () => toast.error(CONTRACT_MESSAGES.downloadFailed, LONG),
      },
    );
  };

  const copyLink = async () => {
    if (!sentLink) return;
    try {
      await navigator.clipboard.writeText(sentLink);
      toast.success(CONTRACT_MESSAGES.linkCopied);
    } catch {
      toast.error(CONTRACT_MESSAGES.linkCopyFailed);
    }
  };

  const inForm = draft.step === 'form';
  if (changeOrderDeal) {
    return <Navigate to="/co" state={{ dealData: changeOrderDeal, redirect: true }} />;
  }
  return (
    <div className="ps-page">
      <PageHeader
        title="Create Contract"
        description="Find the CRM deal, choose the service, fill in the contract, edit its clauses, preview and send it for signature."
      />
      <div className={`ps-create${inForm ? '' : ' ps-create--editing'}`}>
        <section className="ps-create__panel ps-card" aria-label="Deal and service">
          <DealSearch
            value={draft.search_term}
            onChange={(text) => update({ search_term: text })}
            onPick={pickDeal}
          />
          {dealLookup.isPending ? <LoadingState label="Loading the deal" /> : null}
          {draft.deal ? <DealSummaryCard deal={draft.deal} /> : null}
          <Select
            label="Service"
            placeholder="--Select--"
            options={(services.data ?? []).map((option) => ({
              value: option.serviceName,
              label: option.serviceName,
            }))}
            value={serviceChoice.value || null}
            onChange={(serviceType) => {
              serviceChoice.onChange(serviceType ?? '');
              update({ clauses: null, docLink: null });
            }}
            isDisabled={!inForm}
            errorMessage={
              services.isError ? `Error: ${messageOf(services.error)}` : serviceChoice.errorMessage
            }
          />
          {draft.serviceType ? (
            <Select
              label="Title 24 reports"
              placeholder="--Select--"
              options={REPORT_COUNT_OPTIONS.map((count) => ({
                value: String(count),
                label: String(count),
              }))}
              value={reportChoice.value || null}
              onChange={(count) => reportChoice.onChange(count ?? '')}
              isRequired
              isDisabled={!inForm}
              errorMessage={reportChoice.errorMessage}
            />
          ) : null}
        </section>

        <section className="ps-create__panel ps-card" aria-label="Contract">
          {!draft.serviceType ? (
            <p>Choose a service to fill in its contract form.</p>
          ) : definition.isPending ? (
            <LoadingState label="Loading the form" />
          ) : definition.isError ? (
            <p className="ps-field__error" role="alert">
              Error: {messageOf(definition.error)}
            </p>
          ) : inForm ? (
            <form noValidate aria-label="Contract form" onSubmit={createContract}>
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
                pending={dealCheck.isPending}
                pendingLabel="Checking the deal…"
                disabled={busy}
              >
                Create Contract
              </SubmitButton>
            </form>
          ) : (
            <ClauseEditor
              formId={editorFormId}
              clauses={draft.clauses ?? originalClauses}
              original={originalClauses}
              service={service}
              values={placeholderValues}
              onChange={(clauses) => update({ clauses })}
              onSave={saveDocument}
              // Back to the form only while the document is not saved (spec 2 §2.1).
              onBack={draft.docLink ? undefined : () => update({ step: 'form' })}
            />
          )}
        </section>

        {!inForm && draft.serviceType && definition.data ? (
          <section className="ps-create__panel ps-card ps-create__preview" aria-label="Preview">
            {draft.docLink ? (
              <iframe
                title="Contract preview"
                className="ps-preview__frame"
                src={withDocLinkMode(draft.docLink, 'preview')}
              />
            ) : (
              <ClausePreview
                clauses={draft.clauses ?? originalClauses}
                values={placeholderValues}
              />
            )}
          </section>
        ) : null}

        {!inForm && definition.data ? (
          <div className="ps-create__actions" role="group" aria-label="Contract actions">
            <p className="ps-create__actions-status" aria-live="polite">
              {draft.docLink
                ? 'Saved: the preview shows the document the client will sign.'
                : 'Save the clauses to make the document, then send it.'}
            </p>
            <SubmitButton
              form={editorFormId}
              pending={createDocument.isPending}
              pendingLabel="Saving…"
              disabled={busy && !createDocument.isPending}
            >
              Save
            </SubmitButton>
            <button
              type="button"
              className="ps-button ps-button--primary"
              disabled={busy || !draft.docLink}
              aria-busy={sendContract.isPending || undefined}
              onClick={send}
            >
              {sendContract.isPending ? 'Sending…' : 'Send Contract for Sign'}
            </button>
            <button
              type="button"
              className="ps-button"
              disabled={busy || !draft.docLink}
              aria-busy={downloadPdf.isPending || undefined}
              onClick={download}
            >
              Download Contract as PDF
            </button>
          </div>
        ) : null}
      </div>

      {check && draft.form.hs_deal_id ? (
        <MissingPropertiesModal
          dealId={draft.form.hs_deal_id}
          check={check}
          form={draft.form}
          contractFormData={contractFormData(draft)}
          onCancel={() => setCheck(null)}
          onUpdated={() => {
            setCheck(null);
            openEditor();
          }}
        />
      ) : null}

      <ConfirmDialog
        open={sentLink !== null}
        title="Contract sent"
        confirmLabel="Copy link"
        cancelLabel="Close"
        onConfirm={() => void copyLink()}
        onCancel={() => setSentLink(null)}
      >
        <p>The signing link was sent to {sentTo ?? 'the client'}:</p>
        <p className="ps-copy-link">
          <a href={sentLink ?? undefined} target="_blank" rel="noreferrer">
            {sentLink}
          </a>
        </p>
      </ConfirmDialog>
    </div>
  );
}
