import {
  formatUsd,
  INVOICE_TYPE_LABELS,
  paidAmountProblem,
  type InvoiceType,
} from '@prosign/domain';
import { Dialog } from '@prosign/ui';
import { MoneyInput } from '@prosign/ui/controls';
import { useState, type FormEvent } from 'react';

export interface PartialPaymentDialogProps {
  clientName: string;
  type: InvoiceType;
  /** What the invoice bills. */
  amount: number;
  /** What was recorded before, if the invoice is already partially paid. */
  initial: number | null;
  saving: boolean;
  onCancel: () => void;
  onSave: (paidAmount: number) => void;
}

/** Partially paid needs what was paid so far (more than 0, less than the amount): asked here. */
export function PartialPaymentDialog({
  clientName,
  type,
  amount,
  initial,
  saving,
  onCancel,
  onSave,
}: PartialPaymentDialogProps) {
  const [paid, setPaid] = useState<number | null>(initial);
  const [touched, setTouched] = useState(false);
  const problem = paidAmountProblem(amount, paid);
  const formId = `partial-payment-${type}`;

  function submit(event: FormEvent) {
    event.preventDefault();
    setTouched(true);
    if (problem === null && paid !== null) onSave(paid);
  }

  return (
    <Dialog
      open
      title={`${INVOICE_TYPE_LABELS[type]} invoice partially paid`}
      onClose={onCancel}
      describeBody={false}
      actions={
        <>
          <button type="button" className="ps-button" onClick={onCancel}>
            Cancel
          </button>
          <button
            type="submit"
            form={formId}
            className="ps-button ps-button--primary"
            disabled={saving}
            aria-busy={saving}
          >
            {saving ? 'Saving…' : 'Save'}
          </button>
        </>
      }
    >
      <form id={formId} onSubmit={submit} noValidate className="inv-partial">
        <p>
          {clientName}&apos;s {type} invoice is for {formatUsd(amount)}. Enter what was paid so far;
          it shows on the invoice with the amount still due.
        </p>
        <MoneyInput
          label="Amount paid so far"
          value={paid}
          onChange={(value) => {
            setPaid(value);
            setTouched(true);
          }}
          max={amount}
          isRequired
          errorMessage={touched && problem ? problem : undefined}
        />
      </form>
    </Dialog>
  );
}
