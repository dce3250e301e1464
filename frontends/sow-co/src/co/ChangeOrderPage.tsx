import { useCoStaffUsers } from '@prosign/api-client';
import type { DealLookupView } from '@prosign/domain';
import { LoadingState, PageHeader } from '@prosign/ui';
import { useState } from 'react';
import { Navigate, useLocation } from 'react-router';
import { CreationSteps } from '../shared/CreationSteps';
import { CoConfirmDialog } from './components/CoConfirmDialog';
import { CoContractForm } from './components/CoContractForm';
import { CoDealPanel } from './components/CoDealPanel';
import { CoTemplateStepPanel } from './components/CoTemplateStepPanel';
import { messageOf, useCoDealPicking } from './hooks/useCoDealPicking';
import { useCoFormState, type CoScreenProps } from './hooks/useCoFormState';
import { useCoSubmit } from './hooks/useCoSubmit';
import { useCoTemplateStep } from './hooks/useCoTemplateStep';
import { CO_TEXTS, loadCoResend } from './utils/co-form-values';
import '../sow/sow.css';
import './co.css';

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

function ChangeOrderScreen({ dealData, resend }: CoScreenProps) {
  const state = useCoFormState({ dealData, resend });
  const template = useCoTemplateStep(state);
  const picking = useCoDealPicking(state, dealData, () => template.setDocLink(null));
  const submit = useCoSubmit(state, template);
  const step = template.step;
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
      <CoFormSection state={state} picking={picking} submit={submit} hidden={step !== 'form'} />
      <CoTemplateStepPanel template={template} />
      <CoConfirmDialog state={state} submit={submit} />
    </div>
  );
}

/** Step 1: the deal, project and label, then the change order's form once they are known. */
function CoFormSection({
  state,
  picking,
  submit,
  hidden,
}: {
  state: ReturnType<typeof useCoFormState>;
  picking: ReturnType<typeof useCoDealPicking>;
  submit: ReturnType<typeof useCoSubmit>;
  hidden: boolean;
}) {
  const { form, templates, definition, lookup, linkedLabel, resend } = state;
  const csmUsers = useCoStaffUsers('csm');
  const pmUsers = useCoStaffUsers('pm');
  const associationLabel = form.watch('associationLabel');
  const projectReady = Boolean(state.project) || Boolean(resend?.project_id);
  const labelReady = Boolean(linkedLabel) || Boolean(associationLabel);
  const formReady = Boolean(definition.data && lookup && projectReady && labelReady);
  return (
    <section className="ps-card sow-panel" aria-label="Change order" hidden={hidden}>
      <CoDealPanel
        searchText={state.searchText}
        onSearchText={state.setSearchText}
        onDealPick={picking.pickDeal}
        dealLoading={picking.deal.isPending}
        needsProject={Boolean(lookup) && !linkedLabel}
        onProjectPick={picking.pickProject}
        projectLoading={picking.projectLabel.isPending}
        project={state.project}
        label={associationLabel}
        onLabel={(label) =>
          form.setValue('associationLabel', label, {
            shouldValidate: form.formState.isSubmitted,
          })
        }
        notAvailableLabels={state.notAvailable}
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
          signatory={state.signatory}
          linkedSignatories={lookup?.clientSignatories ?? []}
          onSignatoryPick={picking.pickSignatory}
          onSubmit={submit.submit}
          pending={submit.busy || submit.checking}
        />
      )}
    </section>
  );
}
