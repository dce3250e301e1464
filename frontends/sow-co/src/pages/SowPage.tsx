import {
  isApiError,
  useCreateSowContract,
  useDownloadSowDocument,
  useSendSowContract,
  useSowFormFields,
  useSowMissingProperties,
  useSowProject,
  useSowTemplates,
  useSowUpdateCrm,
} from '@prosign/api-client';
import {
  BLACKLISTED_PARTNER_CONFIRMATION,
  fullNameOf,
  previewPlaceholders,
  SOW_SECTION_KEYS,
  TOAST_DURATION_MS,
  type CrmRecordView,
  type SowContractInput,
  type SowSectionKey,
  type SowTemplateSections,
} from '@prosign/domain';
import { Dialog, LoadingState, PageHeader, PdfViewer, useToast } from '@prosign/ui';
import { CopyLinkModal } from '@prosign/ui/agreements';
import { applyServerErrors, useZodForm } from '@prosign/ui/forms';
import { useEffect, useMemo, useState } from 'react';
import { SowContractForm } from '../sow/components/SowContractForm';
import {
  EMPTY_SOW_FORM,
  placeholderValues,
  serverFieldMatchers,
  servicesTextFor,
  sowFormSchema,
  sowInputOf,
  type SowFormValues,
} from '../sow/utils/sow-form-values';
import {
  clearSowDrafts,
  loadResendDraft,
  loadSelectedPartner,
  saveSelectedPartner,
  type StoredPartner,
} from '../sow/utils/sow-storage';
import { CreationSteps } from '../shared/CreationSteps';
import { sendFailureText } from '../shared/send-failure';
import { TemplateSectionsEditor } from '../shared/TemplateSectionsEditor';
import '../sow/sow.css';

const LONG = TOAST_DURATION_MS.long;

/** Spec 3 §8 notices of this screen. */
export const SOW_MESSAGES = {
  created: 'Contract is created',
  createFailed: 'Failed to create the contract',
  sendFailed: 'Failed to send the contract',
  crmFailed: 'Failed to update project and create contract. Please try again.',
  projectFailed: 'failed to search projects',
  saved: 'The document is saved: preview it, then send it.',
  downloaded: 'downloaded successfully',
  sent: (email: string) => `Contract sent successfully to ${email}.`,
} as const;

type Step = 'form' | 'sections' | 'preview';

const messageOf = (error: unknown) =>
  error instanceof Error && error.message ? error.message : 'Something went wrong.';

const SECTION_REFUSAL = /^The (template_\w+) section must keep/;

/** /sow — SOW creation (spec 3 §2, §4): the form, the template sections, preview and send. */
export function SowPage() {
  const toast = useToast();
  const [resend, setResend] = useState(loadResendDraft);
  const [partner, setPartner] = useState<StoredPartner | null>(loadSelectedPartner);
  const [askBlacklisted, setAskBlacklisted] = useState<StoredPartner | null>(null);
  const [askCrm, setAskCrm] = useState<SowContractInput | null>(null);
  const [step, setStep] = useState<Step>('form');
  const [docLink, setDocLink] = useState<string | null>(null);
  const [submitted, setSubmitted] = useState<SowContractInput | null>(null);
  const [sections, setSections] = useState<SowTemplateSections>({});
  const [sectionErrors, setSectionErrors] = useState<Partial<Record<SowSectionKey, string>>>({});
  const [saved, setSaved] = useState(false);
  const [sent, setSent] = useState<{ link: string; name: string } | null>(null);

  const templates = useSowTemplates();
  const form = useZodForm(sowFormSchema, {
    defaultValues: {
      ...EMPTY_SOW_FORM,
      ...resend?.values,
      ...(partner && !resend ? partnerValues(partner) : {}),
    },
  });
  const templateName = form.watch('templateName');
  const fields = useSowFormFields(templateName);
  const project = useSowProject();
  const updateCrm = useSowUpdateCrm();
  const missing = useSowMissingProperties();
  const create = useCreateSowContract();
  const send = useSendSowContract();
  const download = useDownloadSowDocument();

  // The first template is the default (spec 3 §2).
  const firstTemplate = templates.data?.templates[0]?.name;
  useEffect(() => {
    if (firstTemplate && !form.getValues('templateName')) {
      form.setValue('templateName', firstTemplate);
    }
  }, [firstTemplate, form]);

  // The default PM heads the cc list and is the PM until another is chosen.
  useEffect(() => {
    const data = fields.data;
    if (!data) return;
    if (!form.getValues('pm_email')) form.setValue('pm_email', data.defaultPmEmail);
    const cc = form.getValues('cc_emails');
    if (!cc.includes(data.defaultPmEmail)) {
      form.setValue('cc_emails', [data.defaultPmEmail, ...cc]);
    }
    if (!form.getValues('services_deliverables')) {
      form.setValue(
        'services_deliverables',
        servicesTextFor(data.template, form.getValues('cp_roles')),
      );
    }
  }, [fields.data, form]);

  const pickProject = (picked: CrmRecordView) =>
    project.mutate(picked.id, {
      onSuccess: ({ project: found, hs_object_id }) => {
        const props = found.properties;
        form.setValue('project_id', found.id || hs_object_id, {
          shouldValidate: form.formState.isSubmitted,
        });
        form.setValue('project_address', props.address || props.property_address || '');
        form.setValue('project_type', props.project_type ?? '');
        form.setValue('project_overview', props.project_overview ?? '');
        form.setValue('selectedHSProjectId', hs_object_id || found.id);
        form.clearErrors(['project_id', 'project_address']);
      },
      onError: () => toast.error(SOW_MESSAGES.projectFailed, LONG),
    });

  const applyPartner = (chosen: StoredPartner | null) => {
    setPartner(chosen);
    saveSelectedPartner(chosen);
    if (!chosen) {
      // A new partner: typed in from scratch.
      for (const name of ['selectedCpId', 'cp_name', 'cp_email', 'cp_phone'] as const) {
        form.setValue(name, '');
      }
      form.setValue('blacklistConfirmed', false);
      return;
    }
    for (const [name, value] of Object.entries(partnerValues(chosen))) {
      form.setValue(name as keyof SowFormValues, value as never);
    }
    form.clearErrors(['cp_name', 'cp_email']);
  };

  const pickPartner = (chosen: StoredPartner | null) => {
    if (chosen?.blacklisted) setAskBlacklisted(chosen);
    else applyPartner(chosen);
  };

  const openSections = (input: SowContractInput, link: string) => {
    const values = placeholderValues(form.getValues());
    const edited: SowTemplateSections = {};
    for (const section of fields.data?.sections ?? []) {
      edited[section.key] = previewPlaceholders(section.body, values);
    }
    setSections(edited);
    setSectionErrors({});
    setSubmitted(input);
    setDocLink(link);
    setSaved(false);
    setStep('sections');
  };

  const refused = (error: unknown, fallback: string) => {
    if (isApiError(error) && error.statusCode === 409) {
      toast.error(error.message, LONG);
      return;
    }
    const matchers = serverFieldMatchers(form.getValues('cp_roles'));
    if (applyServerErrors(form.setError, error, matchers)) setStep('form');
    toast.error(fallback, LONG);
  };

  const createDocument = (input: SowContractInput) =>
    create.mutate(
      { ...input, docLink: null },
      {
        onSuccess: (result) => {
          form.setValue('effective_date', result.effective_date);
          toast.success(SOW_MESSAGES.created, LONG);
          openSections({ ...input, effective_date: result.effective_date }, result.docLink);
        },
        onError: (error) => refused(error, SOW_MESSAGES.createFailed),
      },
    );

  /** The optional CRM update (spec 3 §4): says what the CRM lacks for this project and partner. */
  const askAboutCrm = (input: SowContractInput) => {
    setAskCrm(input);
    missing.reset();
    missing.mutate({
      projectId: input.selectedHSProjectId || input.project_id,
      cpId: input.selectedCpId,
    });
  };

  const confirmCrm = (withUpdate: boolean) => {
    const input = askCrm;
    setAskCrm(null);
    if (!input) return;
    if (!withUpdate) return createDocument(input);
    updateCrm.mutate(
      {
        contractFormData: {
          cp_name: input.cp_name,
          cp_email: input.cp_email,
          cp_phone: input.cp_phone,
          cp_roles: input.cp_roles,
        },
        projectId: input.selectedHSProjectId || input.project_id,
        cpId: input.selectedCpId,
      },
      {
        onSuccess: () => createDocument(input),
        onError: () => toast.error(SOW_MESSAGES.crmFailed, LONG),
      },
    );
  };

  const saveSections = () => {
    if (!submitted || !docLink) return;
    create.mutate(
      { ...submitted, sections, docLink },
      {
        onSuccess: (result) => {
          setDocLink(result.docLink);
          setSaved(true);
          setStep('preview');
          toast.success(SOW_MESSAGES.saved, LONG);
        },
        onError: (error) => {
          const messages = isApiError(error) ? error.messages : [];
          const named: Partial<Record<SowSectionKey, string>> = {};
          for (const message of messages) {
            const key = SECTION_REFUSAL.exec(message)?.[1] as SowSectionKey | undefined;
            if (key && (SOW_SECTION_KEYS as readonly string[]).includes(key)) named[key] = message;
          }
          setSectionErrors(named);
          if (Object.keys(named).length === 0) return refused(error, SOW_MESSAGES.createFailed);
          toast.error(SOW_MESSAGES.createFailed, LONG);
        },
      },
    );
  };

  const sendContract = () => {
    if (!submitted || !docLink || !saved) return;
    send.mutate(
      { ...submitted, sections, docLink, replacesId: resend?.replacesId ?? null },
      {
        onSuccess: (result) => {
          toast.success(SOW_MESSAGES.sent(submitted.cp_email), LONG);
          setSent({ link: result.signaturePageLink, name: submitted.cp_name });
          clearSowDrafts();
        },
        onError: (error) => toast.error(sendFailureText(error, SOW_MESSAGES.sendFailed), LONG),
      },
    );
  };

  const downloadDocument = () => {
    if (!docLink) return;
    download.mutate(docLink, {
      onSuccess: (blob) => {
        const url = URL.createObjectURL(blob);
        const anchor = document.createElement('a');
        anchor.href = url;
        anchor.download = `SOW - ${submitted?.project_address ?? 'contract'}.pdf`;
        anchor.click();
        URL.revokeObjectURL(url);
        toast.success(SOW_MESSAGES.downloaded, LONG);
      },
      onError: (error) => toast.error(messageOf(error), LONG),
    });
  };

  const startOver = () => {
    setSent(null);
    // The replaced SOW is done with: the next one is a new SOW.
    setResend(null);
    setStep('form');
    setDocLink(null);
    setSubmitted(null);
    setSaved(false);
    setPartner(null);
    form.reset({ ...EMPTY_SOW_FORM, templateName: form.getValues('templateName') });
  };

  const stepLabels = useMemo(
    () =>
      [
        ['form', '1. Details'],
        ['sections', '2. Template text'],
        ['preview', '3. Preview and send'],
      ] as const,
    [],
  );

  return (
    <div className="ps-page sow-page">
      <PageHeader
        title="SOW Home"
        description="Create a Scope-of-Work contract for a community partner from a CRM project and send it for signature."
      />
      <CreationSteps steps={stepLabels} current={step} />
      {resend && step === 'form' ? (
        <p className="sow-notice" role="note">
          Edit and Resend: this SOW replaces the one sent to{' '}
          {resend.values.cp_name || 'the partner'}.
        </p>
      ) : null}

      {templates.isPending ? (
        <LoadingState label="Loading the SOW templates" />
      ) : templates.isError ? (
        <p className="ps-field__error" role="alert">
          Error: {messageOf(templates.error)}
        </p>
      ) : templates.data.templates.length === 0 ? (
        <p className="sow-empty">No SOW templates yet: an administrator adds them first.</p>
      ) : (
        <section className="ps-card sow-panel" aria-label="SOW" hidden={step !== 'form'}>
          {fields.isPending ? (
            <LoadingState label="Loading the form" />
          ) : fields.isError ? (
            <p className="ps-field__error" role="alert">
              Error: {messageOf(fields.error)}
            </p>
          ) : (
            <SowContractForm
              form={form}
              fields={fields.data}
              templates={templates.data.templates}
              onTemplateChange={(name) => {
                // The services text follows the new template unless the user rewrote it.
                const generated = servicesTextFor(fields.data.template, form.getValues('cp_roles'));
                if (form.getValues('services_deliverables') === generated) {
                  form.setValue('services_deliverables', '');
                }
                form.setValue('templateName', name);
              }}
              onProjectPick={pickProject}
              projectLoading={project.isPending}
              partner={partner}
              onPartnerPick={pickPartner}
              onSubmit={(values) => askAboutCrm(sowInputOf(values))}
              pending={create.isPending || updateCrm.isPending}
              resending={Boolean(resend)}
            />
          )}
        </section>
      )}

      {step === 'sections' && fields.data ? (
        <section className="ps-card sow-panel" aria-label="Template text">
          <TemplateSectionsEditor
            family="sow"
            label="Template sections"
            intro={
              <>
                Edit the wording of the SOW. Placeholders show the value they will take as{' '}
                <code>{'<<$name:value>>'}</code>; keep every one of them.
              </>
            }
            sections={fields.data.sections}
            values={sections}
            onChange={(key, text) => {
              setSections((current) => ({ ...current, [key]: text }));
              setSectionErrors((current) => ({ ...current, [key]: undefined }));
              setSaved(false);
            }}
            serverErrors={sectionErrors}
            saving={create.isPending}
            onSave={saveSections}
            onBack={() => {
              // Going back from the template step clears the document link (spec 3 §2).
              setDocLink(null);
              setSaved(false);
              setStep('form');
            }}
          />
        </section>
      ) : null}

      {step === 'preview' && docLink ? (
        <section className="ps-card sow-panel sow-preview" aria-label="Preview">
          <div className="sow-actions">
            <button
              type="button"
              className="ps-button ps-button--primary"
              disabled={!saved || send.isPending || Boolean(sent)}
              aria-busy={send.isPending || undefined}
              onClick={sendContract}
            >
              {send.isPending ? 'Sending…' : 'Send Contract for Sign'}
            </button>
            <button
              type="button"
              className="ps-button"
              disabled={download.isPending}
              aria-busy={download.isPending || undefined}
              onClick={downloadDocument}
            >
              {download.isPending ? 'Downloading…' : 'Download'}
            </button>
            <button
              type="button"
              className="ps-button"
              disabled={send.isPending || Boolean(sent)}
              onClick={() => setStep('sections')}
            >
              Edit the template text
            </button>
          </div>
          <PdfViewer url={docLink} title="SOW document" />
        </section>
      ) : null}

      <Dialog
        open={askBlacklisted !== null}
        title="Blacklisted community partner"
        onClose={() => setAskBlacklisted(null)}
        actions={
          <>
            <button type="button" className="ps-button" onClick={() => setAskBlacklisted(null)}>
              Cancel
            </button>
            <button
              type="button"
              className="ps-button ps-button--danger"
              onClick={() => {
                const chosen = askBlacklisted;
                setAskBlacklisted(null);
                applyPartner(chosen);
                form.setValue('blacklistConfirmed', true);
              }}
            >
              Use this partner
            </button>
          </>
        }
      >
        <p>{BLACKLISTED_PARTNER_CONFIRMATION}</p>
      </Dialog>

      <Dialog
        open={askCrm !== null}
        title="Update the CRM?"
        onClose={() => setAskCrm(null)}
        actions={
          <>
            <button type="button" className="ps-button" onClick={() => setAskCrm(null)}>
              Cancel
            </button>
            <button type="button" className="ps-button" onClick={() => confirmCrm(false)}>
              Create without updating
            </button>
            <button
              type="button"
              className="ps-button ps-button--primary"
              onClick={() => confirmCrm(true)}
            >
              Update CRM and create
            </button>
          </>
        }
      >
        <p>
          Update the CRM project and the partner&apos;s contact with these details before the
          contract is created?
        </p>
        <p role="status">
          {missing.isPending
            ? 'Checking what the CRM lacks…'
            : missing.data
              ? missing.data.missingProperties.length
                ? `The CRM lacks: ${missing.data.missingProperties.join(', ')}.`
                : 'The CRM already has every detail this SOW needs.'
              : ''}
        </p>
      </Dialog>

      {sent ? <CopyLinkModal link={sent.link} name={sent.name} onClose={startOver} /> : null}
    </div>
  );
}

function partnerValues(partner: StoredPartner): Partial<SowFormValues> {
  const { contact } = partner;
  return {
    selectedCpId: contact.id,
    // Only a confirmed blacklisted partner is ever kept (spec 3 §5).
    blacklistConfirmed: partner.blacklisted,
    cp_name: fullNameOf(contact),
    cp_email: contact.email ?? '',
    cp_phone: contact.phone ?? '',
  };
}
