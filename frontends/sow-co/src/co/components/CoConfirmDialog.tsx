import { isSplitPayment } from '@prosign/domain';
import { ConfirmDialog } from '@prosign/ui';
import type { CoFormState } from '../hooks/useCoFormState';
import type { CoSubmit } from '../hooks/useCoSubmit';

/** "Create the change order?" (spec 3 §2): what the CRM gets before the document is made. */
export function CoConfirmDialog({ state, submit }: { state: CoFormState; submit: CoSubmit }) {
  const { askConfirm, missing } = submit;
  return (
    <ConfirmDialog
      open={askConfirm !== null}
      title="Create the change order?"
      confirmLabel="Update CRM and create"
      busy={submit.busy}
      onCancel={() => submit.setAskConfirm(null)}
      onConfirm={() => void submit.confirmCreate()}
    >
      <p>The CRM is updated with these details before the document is created:</p>
      <ul>
        {!state.linkedLabel && askConfirm?.associationLabel ? (
          <li>the deal is associated with the project as {askConfirm.associationLabel};</li>
        ) : null}
        {askConfirm && isSplitPayment(askConfirm.payment_terms) && !state.duplicateDealId ? (
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
  );
}
