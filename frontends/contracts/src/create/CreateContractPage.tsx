import { withDocLinkMode } from '@prosign/domain';
import { PageHeader } from '@prosign/ui';
import { SendStep } from '@prosign/ui/agreements';
import { SubmitButton } from '@prosign/ui/forms';
import { useId } from 'react';
import { Navigate } from 'react-router';
import { ClausePreview } from './components/ClausePreview';
import { ContractPanel } from './components/ContractPanel';
import { DealServicePanel } from './components/DealServicePanel';
import { MissingPropertiesModal } from './components/MissingPropertiesModal';
import { contractFormData } from './contract-send-input';
import { useContractCreation } from './hooks/useContractCreation';
import './create-contract.css';

/** / — standard contract creation (spec 2 §2.1, §4): form → editor → preview → send. */
export function CreateContractPage() {
  const creation = useContractCreation();
  const { draft, definition, busy, mutations, check } = creation;
  const editorFormId = useId();
  const inForm = draft.step === 'form';
  if (creation.changeOrderDeal) {
    return <Navigate to="/co" state={{ dealData: creation.changeOrderDeal, redirect: true }} />;
  }
  return (
    <div className="ps-page">
      <PageHeader
        title="Create Contract"
        description="Find the CRM deal, choose the service, fill in the contract, edit its clauses, preview and send it for signature."
      />
      <div className={`ps-create${inForm ? '' : ' ps-create--editing'}`}>
        <DealServicePanel creation={creation} />
        <ContractPanel creation={creation} editorFormId={editorFormId} />

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
                clauses={draft.clauses ?? creation.originalClauses}
                values={creation.placeholderValues}
              />
            )}
          </section>
        ) : null}

        <SendStep
          className="ps-create__actions"
          groupLabel="Contract actions"
          showButtons={!inForm && Boolean(definition.data)}
          before={
            <>
              <p className="ps-create__actions-status" aria-live="polite">
                {draft.docLink
                  ? 'Saved: the preview shows the document the client will sign.'
                  : 'Save the clauses to make the document, then send it.'}
              </p>
              <SubmitButton
                form={editorFormId}
                pending={mutations.createDocument.isPending}
                pendingLabel="Saving…"
                disabled={busy && !mutations.createDocument.isPending}
              >
                Save
              </SubmitButton>
            </>
          }
          send={{
            label: 'Send Contract for Sign',
            pendingLabel: 'Sending…',
            pending: mutations.sendContract.isPending,
            disabled: busy || !draft.docLink,
            onClick: creation.send,
          }}
          download={{
            label: 'Download Contract as PDF',
            pending: mutations.downloadPdf.isPending,
            disabled: busy || !draft.docLink,
            onClick: creation.download,
          }}
          sent={creation.sent}
          onSentClose={() => creation.setSent(null)}
          sentNotice="sent-dialog"
        />
      </div>

      {check && draft.form.hs_deal_id ? (
        <MissingPropertiesModal
          dealId={draft.form.hs_deal_id}
          check={check}
          form={draft.form}
          contractFormData={contractFormData(draft)}
          onCancel={() => creation.setCheck(null)}
          onUpdated={() => {
            creation.setCheck(null);
            creation.openEditor();
          }}
        />
      ) : null}
    </div>
  );
}
