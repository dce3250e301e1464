import { BLACKLISTED_PARTNER_CONFIRMATION } from '@prosign/domain';
import { Dialog } from '@prosign/ui';
import type { SowFormState } from '../hooks/useSowFormState';
import type { SowSubmit } from '../hooks/useSowSubmit';

/** "Blacklisted community partner": a blacklisted partner is used only once confirmed (spec 3 §5). */
export function BlacklistedPartnerDialog({ state }: { state: SowFormState }) {
  const close = () => state.setAskBlacklisted(null);
  return (
    <Dialog
      open={state.askBlacklisted !== null}
      title="Blacklisted community partner"
      onClose={close}
      actions={
        <>
          <button type="button" className="ps-button" onClick={close}>
            Cancel
          </button>
          <button
            type="button"
            className="ps-button ps-button--danger"
            onClick={state.confirmBlacklisted}
          >
            Use this partner
          </button>
        </>
      }
    >
      <p>{BLACKLISTED_PARTNER_CONFIRMATION}</p>
    </Dialog>
  );
}

/** "Update the CRM?" (spec 3 §4): what the CRM lacks, then create with or without the update. */
export function SowCrmDialog({ submit }: { submit: SowSubmit }) {
  const { missing } = submit;
  return (
    <Dialog
      open={submit.askCrm !== null}
      title="Update the CRM?"
      onClose={() => submit.setAskCrm(null)}
      actions={
        <>
          <button type="button" className="ps-button" onClick={() => submit.setAskCrm(null)}>
            Cancel
          </button>
          <button type="button" className="ps-button" onClick={() => submit.confirmCrm(false)}>
            Create without updating
          </button>
          <button
            type="button"
            className="ps-button ps-button--primary"
            onClick={() => submit.confirmCrm(true)}
          >
            Update CRM and create
          </button>
        </>
      }
    >
      <p>
        Update the CRM project and the partner&apos;s contact with these details before the contract
        is created?
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
  );
}
