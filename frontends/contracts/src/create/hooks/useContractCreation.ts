import { useFormDefinition, useServices } from '@prosign/api-client';
import {
  CONTRACT_MESSAGES,
  contractSentMessage,
  standardContractValues,
  TOAST_DURATION_MS,
  type DealLookupView,
  type DealPropertiesCheck,
  type FormField,
} from '@prosign/domain';
import { useToast } from '@prosign/ui';
import type { SentLink } from '@prosign/ui/agreements';
import { countersignerProblem, DEFAULT_SIGNING_ORDER, useZodForm } from '@prosign/ui/forms';
import { useEffect, useMemo, useRef, useState } from 'react';
import {
  useCreateDocument,
  useDealCheck,
  useDealLookup,
  useDownloadPdf,
  useSendContract,
  useUpdateDeal,
} from '../api/useCreationMutations';
import {
  CLAUSE_FIELDS,
  clearDraft,
  dealSummaryOf,
  EMPTY_DRAFT,
  EMPTY_FORM,
  formFromDeal,
  loadDraft,
  saveDraft,
  type Clauses,
  type ContractDraft,
} from '../contract-draft';
import { contractFormData, documentSigners, sendInput } from '../contract-send-input';
import { createStepSchema, type CreateStepValues } from '../contract-form-schema';
import { contractSignerErrors } from '../signer-list';

const LONG = TOAST_DURATION_MS.long;
/** "Maria Chen <maria@example.com>", or the address alone. */
const recipientOf = (name: string, email: string) =>
  name.trim() ? `${name.trim()} <${email.trim()}>` : email.trim();
export const messageOf = (error: unknown) =>
  error instanceof Error && error.message ? error.message : 'Something went wrong';

/**
 * The draft of the standard creation screen: the form's values (react-hook-form)
 * with the steps, clauses and document, kept in storage so it survives a reload
 * (spec 2 §4 contractFormData), except the emptied one after a send.
 */
function useContractDraft() {
  // The deal search starts empty on every visit: the chosen deal is summed up under it, and
  // a kept text took the next address typed into it ("618 Oak Knoll D1062 Oak Knoll…").
  const [saved] = useState<ContractDraft>(() => ({ ...loadDraft(), search_term: '' }));
  const [wizard, setWizard] = useState<ContractDraft>(saved);
  const fieldsRef = useRef<readonly FormField[]>([]);
  const [schema] = useState(() => createStepSchema(() => fieldsRef.current));
  const formMethods = useZodForm(schema, {
    defaultValues: {
      serviceType: saved.serviceType,
      t24ReportCount: saved.t24ReportCount,
      form: saved.form,
      additionalSigners: saved.additionalSigners,
      signingOrder: saved.signingOrder,
      countersigner: saved.countersigner,
      requireEmailCode: saved.requireEmailCode ?? null,
    },
  });
  const values = formMethods.watch() as CreateStepValues;
  const draft: ContractDraft = { ...wizard, ...values };

  const serialized = JSON.stringify(draft);
  useEffect(() => {
    if (serialized !== JSON.stringify(EMPTY_DRAFT)) saveDraft(JSON.parse(serialized));
  }, [serialized]);

  const { setValue } = formMethods;
  const update = (patch: Partial<ContractDraft>) => {
    const {
      serviceType,
      t24ReportCount,
      form,
      additionalSigners,
      signingOrder,
      countersigner,
      ...rest
    } = patch;
    if (serviceType !== undefined) setValue('serviceType', serviceType);
    if (t24ReportCount !== undefined) setValue('t24ReportCount', t24ReportCount);
    if (form !== undefined) setValue('form', form);
    if (additionalSigners !== undefined) setValue('additionalSigners', additionalSigners);
    if (signingOrder !== undefined) setValue('signingOrder', signingOrder);
    if (countersigner !== undefined) setValue('countersigner', countersigner);
    setWizard((current) => ({ ...current, ...rest }));
  };
  const clear = () => {
    clearDraft();
    setWizard(EMPTY_DRAFT);
    formMethods.reset({
      serviceType: '',
      t24ReportCount: '',
      form: EMPTY_FORM,
      additionalSigners: [],
      signingOrder: DEFAULT_SIGNING_ORDER,
      countersigner: null,
      requireEmailCode: null,
    });
  };
  return { formMethods, draft, update, clear, fieldsRef };
}

/** The service's form definition and its original clause texts. */
function useServiceDefinition(serviceType: string) {
  const services = useServices();
  const definition = useFormDefinition(serviceType);
  const service = services.data?.find((candidate) => candidate.serviceName === serviceType);
  const originalClauses = useMemo<Clauses>(() => {
    const texts: Partial<Record<string, string>> = definition.data?.additionalFields ?? {};
    return Object.fromEntries(
      CLAUSE_FIELDS.map((field) => [field.name, texts[field.name] ?? '']),
    ) as Clauses;
  }, [definition.data]);
  return { services, definition, service, originalClauses };
}

/**
 * Everything the standard creation screen (spec 2 §2.1, §4) does: pick a deal,
 * Create Contract (the schema, then the deal check), save the clauses into the
 * document, send, download.
 */
export function useContractCreation() {
  const toast = useToast();
  const { formMethods, draft, update, clear, fieldsRef } = useContractDraft();
  const { services, definition, service, originalClauses } = useServiceDefinition(
    draft.serviceType,
  );
  fieldsRef.current = definition.data?.fields ?? [];
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
  const [sent, setSent] = useState<SentLink | null>(null);
  const [changeOrderDeal, setChangeOrderDeal] = useState<DealLookupView | null>(null);

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
          // Signers added for another deal are not this one's.
          additionalSigners: [],
          signingOrder: DEFAULT_SIGNING_ORDER,
        });
      },
      onError: (error) => toast.error(`Error: ${messageOf(error)}`, LONG),
    });

  const openEditor = () =>
    update({ step: 'editor', clauses: draft.clauses ?? originalClauses, docLink: null });

  // Create Contract: the schema (the domain's rules) first, then the deal check.
  const createContract = formMethods.handleSubmit(() => {
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
      {
        serviceType: draft.serviceType,
        formData: contractFormData(draft, clauses),
        ...documentSigners(draft),
      },
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
    // Checked at Create Contract already, beside the fields; a draft restored
    // from storage is checked again rather than sent to be refused.
    const problems = [
      ...contractSignerErrors(draft.form, draft.additionalSigners, draft.signingOrder).map(
        (problem) => problem.message,
      ),
      countersignerProblem(draft.countersigner),
    ].filter((problem): problem is string => Boolean(problem));
    if (problems.length) {
      toast.error(problems.join(' '), LONG);
      return;
    }
    sendContract.mutate(sendInput(draft, draft.docLink, draft.clauses), {
      onSuccess: (result) => {
        toast.success(contractSentMessage(draft.form.email, result.signingLink), LONG);
        setSent({
          link: result.signingLink,
          name: recipientOf(draft.form.full_name, draft.form.email),
        });
        clear();
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

  return {
    formMethods,
    draft,
    update,
    services,
    definition,
    service,
    originalClauses,
    placeholderValues,
    busy,
    mutations: { dealLookup, dealCheck, createDocument, sendContract, downloadPdf },
    check,
    setCheck,
    sent,
    setSent,
    changeOrderDeal,
    pickDeal,
    openEditor,
    createContract,
    saveDocument,
    send,
    download,
  };
}

export type ContractCreation = ReturnType<typeof useContractCreation>;
