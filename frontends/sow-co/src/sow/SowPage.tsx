import { LoadingState, PageHeader, PdfViewer } from '@prosign/ui';
import { SendStep } from '@prosign/ui/agreements';
import { CreationSteps } from '../shared/CreationSteps';
import { TemplateSectionsEditor } from '../shared/TemplateSectionsEditor';
import { SowContractForm } from './components/SowContractForm';
import { BlacklistedPartnerDialog, SowCrmDialog } from './components/SowDialogs';
import { useSowFormState, type SowFormState } from './hooks/useSowFormState';
import { messageOf, useSowSendStep, type SowSendStep } from './hooks/useSowSendStep';
import { useSowSubmit, type SowSubmit } from './hooks/useSowSubmit';
import { servicesTextFor, sowInputOf } from './utils/sow-form-values';
import './sow.css';

const STEP_LABELS = [
  ['form', '1. Details'],
  ['sections', '2. Template text'],
  ['preview', '3. Preview and send'],
] as const;

/** /sow — SOW creation (spec 3 §2, §4): the form, the template sections, preview and send. */
export function SowPage() {
  const state = useSowFormState();
  const sendStep = useSowSendStep(state);
  const submit = useSowSubmit(state, sendStep);
  const { resend, templates } = state;
  const { step } = sendStep;
  return (
    <div className="ps-page sow-page">
      <PageHeader
        title="SOW Home"
        description="Create a Scope-of-Work contract for a community partner from a CRM project and send it for signature."
      />
      <CreationSteps steps={STEP_LABELS} current={step} />
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
        <SowFormSection state={state} submit={submit} hidden={step !== 'form'} />
      )}

      {step === 'sections' && state.fields.data ? (
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
            sections={state.fields.data.sections}
            values={sendStep.sections}
            onChange={sendStep.editSection}
            serverErrors={sendStep.sectionErrors}
            saving={sendStep.create.isPending}
            onSave={sendStep.saveSections}
            onBack={sendStep.backToForm}
          />
        </section>
      ) : null}

      <SowPreviewStep sendStep={sendStep} />
      <BlacklistedPartnerDialog state={state} />
      <SowCrmDialog submit={submit} />
    </div>
  );
}

/** Step 1: the SOW form, once its template's fields are loaded. */
function SowFormSection({
  state,
  submit,
  hidden,
}: {
  state: SowFormState;
  submit: SowSubmit;
  hidden: boolean;
}) {
  const { form, fields, templates } = state;
  return (
    <section className="ps-card sow-panel" aria-label="SOW" hidden={hidden}>
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
          templates={templates.data?.templates ?? []}
          onTemplateChange={(name) => {
            // The services text follows the new template unless the user rewrote it.
            const generated = servicesTextFor(fields.data.template, form.getValues('cp_roles'));
            if (form.getValues('services_deliverables') === generated) {
              form.setValue('services_deliverables', '');
            }
            form.setValue('templateName', name);
          }}
          onProjectPick={state.pickProject}
          projectLoading={state.project.isPending}
          partner={state.partner}
          onPartnerPick={state.pickPartner}
          onSubmit={(values) => submit.askAboutCrm(sowInputOf(values))}
          pending={submit.pending}
          resending={Boolean(state.resend)}
        />
      )}
    </section>
  );
}

/** Step 3: Send, Download, back to the template text, and the saved document. */
function SowPreviewStep({ sendStep }: { sendStep: SowSendStep }) {
  const { send, download, sent, docLink } = sendStep;
  if (sendStep.step !== 'preview' || !docLink) return null;
  return (
    <section className="ps-card sow-panel sow-preview" aria-label="Preview">
      <SendStep
        className="sow-actions"
        send={{
          label: 'Send Contract for Sign',
          pendingLabel: 'Sending…',
          pending: send.isPending,
          disabled: !sendStep.saved || send.isPending || Boolean(sent),
          onClick: sendStep.sendContract,
        }}
        download={{
          label: 'Download',
          pendingLabel: 'Downloading…',
          pending: download.isPending,
          disabled: download.isPending,
          onClick: sendStep.downloadDocument,
        }}
        sent={sent}
        onSentClose={sendStep.startOver}
        sentNotice="copy-link"
      >
        <button
          type="button"
          className="ps-button"
          disabled={send.isPending || Boolean(sent)}
          onClick={() => sendStep.setStep('sections')}
        >
          Edit the template text
        </button>
      </SendStep>
      <PdfViewer url={docLink} title="SOW document" />
    </section>
  );
}
