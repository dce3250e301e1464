import {
  isApiError,
  useCoContactLookup,
  useCoDeal,
  useCoDuplicateDeal,
  useCoFormFields,
  useCoMissingProperties,
  useCoProjectLabel,
  useCoStaffUsers,
  useCoTemplates,
  useCoUpdateCrm,
  useCreateCoContract,
  useSendCoContract,
  useSendCoContractCopy,
} from '@prosign/api-client';
import {
  CO_MESSAGES,
  CO_TEMPLATE_FIELD_KEYS,
  isChangeOrderLabel,
  isSplitPayment,
  previewPlaceholders,
  revertPlaceholderPreviews,
  signatoryDecision,
  TOAST_DURATION_MS,
  withDocLinkMode,
  type ChangeOrderLabel,
  type ClientSignatoryView,
  type CoContractInput,
  type CoEditResendData,
  type CoFormFieldView,
  type CoTemplateFieldKey,
  type CrmRecordView,
  type DealLookupView,
} from '@prosign/domain';
import { ConfirmDialog, LoadingState, PageHeader, PdfViewer, useToast } from '@prosign/ui';
import { CopyLinkModal } from '@prosign/ui/agreements';
import { projectAddress } from '@prosign/ui/controls';
import { useZodForm } from '@prosign/ui/forms';
import { useEffect, useMemo, useRef, useState } from 'react';
import { Navigate, useLocation, useNavigate } from 'react-router';
import { CoContractForm } from '../co/components/CoContractForm';
import { CoDealPanel, coDealLabel } from '../co/components/CoDealPanel';
import {
  CO_NOTICES,
  CO_TEXTS,
  clearCoDrafts,
  coFormSchema,
  coInputOf,
  coPlaceholderValues,
  EMPTY_CO_FORM,
  fieldDefaults,
  loadCoResend,
  loadSelectedSignatory,
  resendValues,
  revertedTemplateFields,
  saveSelectedSignatory,
  type CoContext,
  type CoFormValues,
} from '../co/utils/co-form-values';
import { CreationSteps } from '../shared/CreationSteps';
import { sendFailureText } from '../shared/send-failure';
import { TemplateSectionsEditor, type TemplateSection } from '../shared/TemplateSectionsEditor';
import '../sow/sow.css';
import '../co/co.css';

const LONG = TOAST_DURATION_MS.long;

type Texts = Partial<Record<CoTemplateFieldKey, string>>;

/** A server refusal that names a template text ("template_start must keep …"). */
const TEMPLATE_REFUSAL = /^(template_\w+) /;

const messageOf = (error: unknown) =>
  error instanceof Error && error.message ? error.message : 'Something went wrong.';

/** A deal's site address ("12 Elm St, Oakland, CA 94610"), '' when it has none. */
function dealAddress(deal: CrmRecordView): string {
  const p = deal.properties;
  const street = p.address || p.site_address || '';
  const rest = [p.city, [p.state, p.zip || p.zipcode].filter(Boolean).join(' ')].filter(Boolean);
  return street ? [street, ...rest].join(', ') : '';
}

/** What Home (or Edit and Resend) hands to /co. */
interface CoRouteState {
  dealData?: DealLookupView;
  redirect?: boolean;
}

/**
 * /co — change-order creation (spec 3 §2, §4): reached from Home with the
 * deal's data, or by Edit and Resend (its saved data); opened directly
 * without either it goes to `/`.
 */
export function ChangeOrderPage() {
  const location = useLocation();
  const dealData = (location.state as CoRouteState | null)?.dealData ?? null;
  const [resend] = useState(loadCoResend);
  if (!dealData && !resend) return <Navigate to="/" replace />;
  return <ChangeOrderScreen dealData={dealData} resend={dealData ? null : resend} />;
}

function ChangeOrderScreen({
  dealData,
  resend,
}: {
  dealData: DealLookupView | null;
  resend: CoEditResendData | null;
}) {
  const toast = useToast();
  const navigate = useNavigate();
  const [lookup, setLookup] = useState<DealLookupView | null>(dealData);
  const [searchText, setSearchText] = useState(
    dealData
      ? coDealLabel(dealData.deal)
      : resend
        ? `${resend.deal_id} | ${resend.project_address || resend.project_id}`
        : '',
  );
  const [project, setProject] = useState<{ id: string; address: string } | null>(
    resend?.selectedHSProjectId
      ? { id: resend.selectedHSProjectId, address: resend.project_id || resend.project_address }
      : null,
  );
  const [notAvailable, setNotAvailable] = useState<string[]>(resend?.notAvailableLabels ?? []);
  const [signatory, setSignatory] = useState<ClientSignatoryView | null>(() =>
    resend?.selectedHSSignatoryId
      ? {
          id: resend.selectedHSSignatoryId,
          firstname: resend.signatory_name,
          middlename: null,
          lastname: null,
          email: resend.signatory_email,
          phone: resend.signatory_phone ?? null,
        }
      : loadSelectedSignatory(),
  );
  const [duplicateDealId, setDuplicateDealId] = useState<string | null>(
    resend?.duplicateDealId ?? null,
  );
  const [askConfirm, setAskConfirm] = useState<CoContractInput | null>(null);
  const [step, setStep] = useState<'form' | 'template'>('form');
  const [docLink, setDocLink] = useState<string | null>(null);
  const [submitted, setSubmitted] = useState<CoContractInput | null>(null);
  const [texts, setTexts] = useState<Texts>({});
  const [textErrors, setTextErrors] = useState<Texts>({});
  const [finalSubmitted, setFinalSubmitted] = useState(false);
  const [sent, setSent] = useState<{ link: string; name: string } | null>(null);

  const templates = useCoTemplates();
  const templateId = resend?.templateId || templates.data?.templates[0]?._id || null;
  const definition = useCoFormFields(templateId);
  const csmUsers = useCoStaffUsers('csm');
  const pmUsers = useCoStaffUsers('pm');
  const deal = useCoDeal();
  const projectLabel = useCoProjectLabel();
  const contactLookup = useCoContactLookup();
  const missing = useCoMissingProperties();
  const updateCrm = useCoUpdateCrm();
  const duplicate = useCoDuplicateDeal();
  const create = useCreateCoContract();
  const send = useSendCoContract();
  const sendCopy = useSendCoContractCopy();

  const dealLabelOf = (found: DealLookupView | null): ChangeOrderLabel | null =>
    found?.project?.label && isChangeOrderLabel(found.project.label) ? found.project.label : null;
  const [linkedLabel, setLinkedLabel] = useState<ChangeOrderLabel | null>(
    dealData ? dealLabelOf(dealData) : (resend?.coLabel ?? null),
  );

  const envRef = useRef<{ definition: readonly CoFormFieldView[]; context: CoContext }>({
    definition: [],
    context: contextOf(null),
  });
  const schema = useMemo(() => coFormSchema(() => envRef.current), []);
  const form = useZodForm(schema, {
    defaultValues: resend
      ? resendValues(resend)
      : { ...EMPTY_CO_FORM, projectLinked: Boolean(linkedLabel) },
  });

  function contextOf(label: ChangeOrderLabel | null): CoContext {
    return {
      templateId: templateId ?? '',
      dealId: lookup?.deal.id ?? resend?.deal_id ?? '',
      selectedHSProjectId: project?.id ?? null,
      selectedHSSignatoryId: signatory?.id ?? null,
      dealLabel: label,
      duplicateDealId,
    };
  }
  envRef.current = {
    definition: definition.data?.formFields ?? [],
    context: contextOf(linkedLabel),
  };

  const associationLabel = form.watch('associationLabel');
  const patch = (values: Record<string, string>) => {
    for (const [name, value] of Object.entries(values)) {
      form.setValue(`fields.${name}`, value, { shouldValidate: form.formState.isSubmitted });
    }
  };

  // The definition's fields start empty (or as the resend left them); the cc list starts with the company address.
  useEffect(() => {
    const data = definition.data;
    if (!data) return;
    form.setValue('fields', fieldDefaults(data.formFields, form.getValues('fields')));
    const cc = form.getValues('cc_emails');
    if (!cc.includes(data.companyCcEmail)) {
      form.setValue('cc_emails', [data.companyCcEmail, ...cc]);
    }
    if (!resend) setTexts({});
  }, [definition.data, form, resend]);

  /** The project's signed date and used labels (spec 3 §2: choosing a project fills them). */
  const readProject = (picked: { id: string; address: string }) =>
    projectLabel.mutate(picked.id, {
      onSuccess: (info) => {
        setProject(picked);
        setNotAvailable(info.notAvailableLabels);
        patch({
          project_id: picked.address,
          main_contract_signed_date: (info.date ?? '').slice(0, 10),
        });
        // The project's address starts the project address (the user may still change it).
        if (!String(form.getValues('fields.project_address') ?? '').trim() && picked.address) {
          patch({ project_address: picked.address });
        }
        const chosen = form.getValues('associationLabel');
        if (chosen && info.notAvailableLabels.includes(chosen as ChangeOrderLabel)) {
          form.setValue('associationLabel', '');
        }
      },
      onError: () => toast.error(CO_NOTICES.labelFailed, LONG),
    });

  /** A deal found (from Home, the search or the resend): its id, project and label, its signatories. */
  const applyDeal = (found: DealLookupView) => {
    setLookup(found);
    const label = dealLabelOf(found);
    setLinkedLabel(label);
    form.setValue('projectLinked', Boolean(label));
    form.setValue('associationLabel', label ?? '');
    patch({ deal_id: found.deal.id, project_address: dealAddress(found.deal) });
    const linkedProject = found.project?.project ?? null;
    if (linkedProject) {
      readProject({ id: linkedProject.id, address: projectAddress(linkedProject) });
    } else if (!resend || resend.deal_id !== found.deal.id) {
      setProject(null);
      setNotAvailable([]);
      patch({ project_id: '', main_contract_signed_date: '' });
    }
  };

  // Home's deal, or the resend's deal read again from the CRM.
  const started = useRef(false);
  useEffect(() => {
    if (started.current) return;
    started.current = true;
    if (dealData) applyDeal(dealData);
    else if (resend) {
      patch({ deal_id: resend.deal_id });
      deal.mutate(resend.deal_id, {
        onSuccess: (found) => setLookup(found),
        onError: (error) => toast.error(`Error: ${messageOf(error)}`, LONG),
      });
    }
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);

  const pickDeal = (picked: CrmRecordView) =>
    deal.mutate(picked.id, {
      onSuccess: (found) => {
        pickSignatory(null);
        setDuplicateDealId(null);
        setDocLink(null);
        applyDeal(found);
      },
      onError: (error) => toast.error(`Error: ${messageOf(error)}`, LONG),
    });

  const pickSignatory = (contact: ClientSignatoryView | null) => {
    setSignatory(contact);
    saveSelectedSignatory(contact);
    if (contact) {
      patch({
        signatory_name: [contact.firstname, contact.middlename, contact.lastname]
          .filter(Boolean)
          .join(' '),
        signatory_email: contact.email ?? '',
        signatory_phone: contact.phone ?? '',
      });
      form.clearErrors(['fields.signatory_name', 'fields.signatory_email']);
    }
  };

  const needsProject = Boolean(lookup) && !linkedLabel;
  const projectReady = Boolean(project) || Boolean(resend?.project_id);
  const labelReady = Boolean(linkedLabel) || Boolean(associationLabel);
  const formReady = Boolean(definition.data && lookup && projectReady && labelReady);

  /** The confirmation (spec 3 §2 "CRM update confirmation"), saying what the CRM deal lacks. */
  const confirm = (input: CoContractInput) => {
    setAskConfirm(input);
    missing.reset();
    missing.mutate({ dealId: input.deal_id });
  };

  /** Create Contract (spec 3 §5): a chosen signatory, or a typed e-mail no CRM contact has yet. */
  const submit = (values: CoFormValues) => {
    const input = coInputOf(values, contextOf(linkedLabel));
    if (signatory) return confirm(input);
    contactLookup.mutate(input.signatory_email, {
      onSuccess: (found) => {
        const decision = signatoryDecision({
          chosenSignatoryId: null,
          typedEmail: input.signatory_email,
          existingContacts: found.count,
        });
        if (decision.kind === 'blocked') {
          form.setError(
            'fields.signatory_email',
            { message: decision.message },
            { shouldFocus: true },
          );
          toast.error(decision.message, LONG);
          return;
        }
        confirm(input);
      },
      onError: () => toast.error(CO_MESSAGES.signatoryLookupFailed, LONG),
    });
  };

  /** The resent change order's own text of a template field, if it had one. */
  const resendText = (key: CoTemplateFieldKey): string | undefined => {
    const own = resend?.templateFields?.[key] ?? (resend as Record<string, unknown> | null)?.[key];
    return typeof own === 'string' && own.trim() ? own : undefined;
  };

  const templateSections = (): TemplateSection<CoTemplateFieldKey>[] => {
    const bodies = definition.data?.templateFields;
    if (!bodies) return [];
    return CO_TEMPLATE_FIELD_KEYS.filter((key) => typeof bodies[key] === 'string').map((key) => ({
      key,
      body: bodies[key],
    }));
  };

  const openTemplate = (input: CoContractInput, link: string) => {
    const values = coPlaceholderValues(input, input.associationLabel ?? null);
    const started: Texts = {};
    for (const section of templateSections()) {
      const kept = texts[section.key] ?? resendText(section.key) ?? section.body;
      // A text shown before (back to step 1 and Create again) is previewed with the new values.
      started[section.key] = previewPlaceholders(revertPlaceholderPreviews(kept), values);
    }
    setTexts(started);
    setTextErrors({});
    setSubmitted(input);
    setDocLink(link);
    setFinalSubmitted(false);
    setStep('template');
  };

  const createFailed = (error: unknown) =>
    toast.error(
      isApiError(error) && error.isClientError
        ? `${CO_NOTICES.createFailed}: ${error.message}`
        : CO_NOTICES.createFailed,
      LONG,
    );

  /** After the confirmation: the label on the association, the split's deal copy, the document. */
  const confirmCreate = async () => {
    const input = askConfirm;
    setAskConfirm(null);
    if (!input) return;
    let ready = input;
    if (!linkedLabel && input.associationLabel && project) {
      try {
        await updateCrm.mutateAsync({
          dealId: input.deal_id,
          projectId: project.id,
          label: input.associationLabel,
        });
      } catch (error) {
        toast.error(
          isApiError(error) && error.statusCode === 409
            ? `${CO_NOTICES.crmFailed} ${error.message}`
            : CO_NOTICES.crmFailed,
          LONG,
        );
        return;
      }
      // The deal now carries the label: a second Create does not write it again.
      setLinkedLabel(input.associationLabel);
      form.setValue('projectLinked', true);
    }
    if (isSplitPayment(input.payment_terms) && !ready.duplicateDealId) {
      try {
        const copy = await duplicate.mutateAsync({
          dealId: input.deal_id,
          amount: Number(input.secondPayment ?? 0),
        });
        setDuplicateDealId(copy.dealId);
        ready = { ...ready, duplicateDealId: copy.dealId };
      } catch {
        toast.error(CO_NOTICES.crmFailed, LONG);
        return;
      }
    }
    try {
      const created = await create.mutateAsync({
        ...ready,
        // The texts as edited so far (or as the resent change order had them).
        templateFields: revertedTemplateFields(
          Object.keys(texts).length > 0
            ? texts
            : Object.fromEntries(
                CO_TEMPLATE_FIELD_KEYS.flatMap((key) => {
                  const own = resendText(key);
                  return own ? [[key, own]] : [];
                }),
              ),
        ),
        docLink,
      });
      toast.success(CO_NOTICES.created, LONG);
      openTemplate({ ...ready, associationLabel: created.coLabel }, created.docLink);
    } catch (error) {
      createFailed(error);
    }
  };

  /** The final submit: the edited texts (previews reverted) make the document again; Send is enabled. */
  const saveTemplate = () => {
    if (!submitted || !docLink) return;
    create.mutate(
      { ...submitted, templateFields: revertedTemplateFields(texts), docLink },
      {
        onSuccess: (result) => {
          setDocLink(result.docLink);
          setFinalSubmitted(true);
          toast.success(CO_NOTICES.saved, LONG);
        },
        onError: (error) => {
          const named: Texts = {};
          for (const message of isApiError(error) ? error.messages : []) {
            const key = TEMPLATE_REFUSAL.exec(message)?.[1] as CoTemplateFieldKey | undefined;
            if (key && (CO_TEMPLATE_FIELD_KEYS as readonly string[]).includes(key)) {
              named[key] = message;
            }
          }
          setTextErrors(named);
          createFailed(error);
        },
      },
    );
  };

  const sendContract = () => {
    if (!submitted || !docLink || !finalSubmitted) return;
    send.mutate(
      {
        ...submitted,
        templateFields: revertedTemplateFields(texts),
        docLink,
        replacesId: resend?.replacesId ?? null,
      },
      {
        onSuccess: (result) => {
          toast.success(CO_NOTICES.sent(submitted.signatory_email), LONG);
          setSent({ link: result.signaturePageLink, name: submitted.signatory_name });
          clearCoDrafts();
          // The cc list gets its copy of the sent document (send-contract-cc mails it once).
          if (submitted.cc_emails.length > 0) {
            sendCopy.mutate(docLink, {
              onError: (error) => toast.error(sendFailureText(error, CO_NOTICES.copyFailed), LONG),
            });
          }
        },
        onError: (error) => toast.error(sendFailureText(error, CO_NOTICES.sendFailed), LONG),
      },
    );
  };

  const busy = updateCrm.isPending || duplicate.isPending || create.isPending;

  return (
    <div className="ps-page sow-page co-page">
      <PageHeader title={CO_TEXTS.heading} description={CO_TEXTS.prompt} />
      <CreationSteps
        steps={[
          ['form', '1. Deal and details'],
          ['template', '2. Template text, preview and send'],
        ]}
        current={step}
      />
      {resend && step === 'form' ? (
        <p className="sow-notice" role="note">
          {CO_TEXTS.resendWarning}
        </p>
      ) : null}

      <section className="ps-card sow-panel" aria-label="Change order" hidden={step !== 'form'}>
        <CoDealPanel
          searchText={searchText}
          onSearchText={setSearchText}
          onDealPick={pickDeal}
          dealLoading={deal.isPending}
          needsProject={needsProject}
          onProjectPick={(picked) =>
            readProject({ id: picked.id, address: projectAddress(picked) || picked.id })
          }
          projectLoading={projectLabel.isPending}
          project={project}
          label={associationLabel}
          onLabel={(label) =>
            form.setValue('associationLabel', label, {
              shouldValidate: form.formState.isSubmitted,
            })
          }
          notAvailableLabels={notAvailable}
          labelError={form.formState.errors.associationLabel?.message}
        />
        {templates.data?.templates.length === 0 && !resend ? (
          <p className="sow-empty">
            No change-order templates yet: an administrator adds them first.
          </p>
        ) : templates.isPending || definition.isPending ? (
          <LoadingState label="Loading the change-order form" />
        ) : templates.isError || definition.isError ? (
          <p className="ps-field__error" role="alert">
            Error: {messageOf(templates.error ?? definition.error)}
          </p>
        ) : !formReady ? (
          <p className="co-hint">
            {!lookup
              ? 'Choose the change-order deal.'
              : 'Choose the project and its association label to fill in the change order.'}
          </p>
        ) : (
          <CoContractForm
            form={form}
            definition={definition.data}
            csmUsers={csmUsers.data ?? []}
            pmUsers={pmUsers.data ?? []}
            signatory={signatory}
            linkedSignatories={lookup?.clientSignatories ?? []}
            onSignatoryPick={pickSignatory}
            onSubmit={submit}
            pending={busy || contactLookup.isPending}
          />
        )}
      </section>

      {step === 'template' && docLink ? (
        <div className="co-step2">
          <section className="ps-card sow-panel" aria-label="Template text">
            <TemplateSectionsEditor
              family="co"
              label="Template fields"
              intro={
                <>
                  Edit the wording of the change order. Placeholders show the value they will take
                  as <code>{'<<$name:value>>'}</code>; keep every one of them. Save, then send.
                </>
              }
              sections={templateSections()}
              values={texts}
              onChange={(key, text) => {
                setTexts((current) => ({ ...current, [key]: text }));
                setTextErrors((current) => ({ ...current, [key]: undefined }));
                setFinalSubmitted(false);
              }}
              serverErrors={textErrors}
              saving={create.isPending}
              onSave={saveTemplate}
              onBack={() => setStep('form')}
            />
            <div className="sow-actions">
              <button
                type="button"
                className="ps-button ps-button--primary"
                disabled={!finalSubmitted || send.isPending || Boolean(sent)}
                aria-busy={send.isPending || undefined}
                onClick={sendContract}
              >
                {send.isPending ? CO_TEXTS.sending : CO_TEXTS.send}
              </button>
            </div>
            {!finalSubmitted ? (
              <p className="ps-field__hint">Save the template text to enable sending.</p>
            ) : null}
          </section>
          <section className="ps-card sow-panel co-step2__preview" aria-label="Preview">
            <PdfViewer
              key={docLink}
              url={withDocLinkMode(docLink, 'preview')}
              title="Change order document"
            />
          </section>
        </div>
      ) : null}

      <ConfirmDialog
        open={askConfirm !== null}
        title="Create the change order?"
        confirmLabel="Update CRM and create"
        busy={busy}
        onCancel={() => setAskConfirm(null)}
        onConfirm={() => void confirmCreate()}
      >
        <p>The CRM is updated with these details before the document is created:</p>
        <ul>
          {!linkedLabel && askConfirm?.associationLabel ? (
            <li>the deal is associated with the project as {askConfirm.associationLabel};</li>
          ) : null}
          {askConfirm && isSplitPayment(askConfirm.payment_terms) && !duplicateDealId ? (
            <li>a copy of the deal is made for the second payment;</li>
          ) : null}
          <li>the change order for {askConfirm?.signatory_name || 'the signatory'} is created.</li>
        </ul>
        <p role="status">
          {missing.isPending
            ? 'Checking what the CRM deal lacks…'
            : missing.data?.missingProperties.length
              ? `The CRM deal lacks: ${missing.data.missingProperties.join(', ')}.`
              : ''}
        </p>
      </ConfirmDialog>

      {sent ? (
        <CopyLinkModal link={sent.link} name={sent.name} onClose={() => navigate('/')} />
      ) : null}
    </div>
  );
}
