import {
  formatPhoneNumber,
  PHONE_MAX_LENGTH,
  PHONE_PLACEHOLDER,
  type FullNameOption,
  type SigningOrder,
} from '@prosign/domain';
import { TextField } from '@prosign/ui/forms';
import { useEffect, useRef } from 'react';
import { useFieldArray, useFormContext, useWatch } from 'react-hook-form';
import type { CreateStepValues } from '../contract-form-schema';
import {
  EMPTY_SIGNER_ROW,
  MAX_ADDITIONAL_SIGNERS,
  SIGNING_ORDER_LABELS,
  SIGNING_ORDER_CHOICES,
  signerPicks,
  type SignerRow,
} from '../signer-list';

const ORDER_HINTS: Record<SigningOrder, (first: string) => string> = {
  sequential: (first) =>
    `${first} signs first, then each signer below in the order listed; each gets their link when the one before has signed.`,
  parallel: () => 'Everyone gets their own link now and can sign in any order.',
};

/**
 * "Additional signers" of the contract form (issue 34 item 2): people who sign
 * besides the client above — typed, or picked from the deal's other client
 * signatories — and whether they sign one after the other or at the same time.
 * Each signer gets their own link; the checks (name, a valid and distinct
 * e-mail, not the cc address) are the domain's recipient-list rule, run by the
 * form's schema, each message under its field.
 */
export function AdditionalSigners({ options }: { options: readonly FullNameOption[] }) {
  const { control, setValue, trigger, formState } = useFormContext<CreateStepValues>();
  const { fields, append, remove } = useFieldArray({ control, name: 'additionalSigners' });
  const rows = useWatch({ control, name: 'additionalSigners' }) ?? [];
  const form = useWatch({ control, name: 'form' });
  const order = useWatch({ control, name: 'signingOrder' });
  const addButton = useRef<HTMLButtonElement>(null);
  const full = fields.length >= MAX_ADDITIONAL_SIGNERS;
  const picks = signerPicks(options, form, rows);
  const firstName = form.full_name.trim() || 'The client';

  // One signer's fix can clear another's error (two equal e-mails, a signer who is
  // also the cc): once Create Contract was pressed, the whole list is checked again
  // as it changes, like every field of the form.
  const { isSubmitted } = formState;
  const listKey = JSON.stringify([form.full_name, form.email, form.additional_email, rows]);
  useEffect(() => {
    if (isSubmitted) void trigger(['additionalSigners', 'form.additional_email']);
  }, [isSubmitted, listKey, trigger]);

  const add = (row: SignerRow) =>
    append(row, { shouldFocus: true, focusName: `additionalSigners.${fields.length}.name` });

  return (
    <fieldset className="ps-contract-form__group ps-signers" aria-describedby="ps-signers-note">
      <legend className="ps-contract-form__legend">Additional signers</legend>
      <p id="ps-signers-note" className="ps-signers__note">
        {fields.length === 0
          ? 'Only the client above signs. Add anyone else who must sign, such as a second homeowner: each gets their own link.'
          : full
            ? `${fields.length + 1} signers with the client: the most one contract can have.`
            : `${fields.length + 1} signers with the client; ${MAX_ADDITIONAL_SIGNERS - fields.length} more can be added.`}
      </p>

      {fields.length > 0 ? (
        <ol className="ps-signers__list">
          {fields.map((row, index) => {
            const number = index + 2;
            const named = rows[index]?.name.trim();
            return (
              <li key={row.id} className="ps-signers__row">
                <fieldset className="ps-signers__signer">
                  <legend className="ps-signers__legend">
                    Signer {number}
                    {named ? <span className="ps-signers__legend-name">: {named}</span> : null}
                  </legend>
                  <div className="ps-signers__fields">
                    <TextField<CreateStepValues>
                      name={`additionalSigners.${index}.name`}
                      label="Name"
                      required
                      autoComplete="off"
                    />
                    <TextField<CreateStepValues>
                      name={`additionalSigners.${index}.email`}
                      label="E-mail"
                      required
                      type="email"
                      autoComplete="off"
                    />
                    <TextField<CreateStepValues>
                      name={`additionalSigners.${index}.phone`}
                      label="Phone"
                      type="tel"
                      inputMode="tel"
                      maxLength={PHONE_MAX_LENGTH}
                      placeholder={PHONE_PLACEHOLDER}
                      format={formatPhoneNumber}
                    />
                  </div>
                  <button
                    type="button"
                    className="ps-button ps-signers__remove"
                    aria-label={`Remove signer ${number}${named ? ` (${named})` : ''}`}
                    onClick={() => {
                      remove(index);
                      addButton.current?.focus();
                    }}
                  >
                    Remove
                  </button>
                </fieldset>
              </li>
            );
          })}
        </ol>
      ) : null}

      {picks.length > 0 && !full ? (
        <div className="ps-signers__picks" role="group" aria-label="Signatories on the deal">
          <p className="ps-signers__picks-title">On the deal:</p>
          {picks.map((pick) => (
            <button
              key={pick.email}
              type="button"
              className="ps-button ps-signers__pick"
              onClick={() =>
                add({ name: pick.name, email: pick.email, phone: formatPhoneNumber(pick.phone) })
              }
            >
              <span>Add {pick.name}</span>
              <span className="ps-signers__pick-email">{pick.email}</span>
            </button>
          ))}
        </div>
      ) : null}

      <button
        ref={addButton}
        type="button"
        className="ps-button ps-signers__add"
        disabled={full}
        onClick={() => add({ ...EMPTY_SIGNER_ROW })}
      >
        Add a signer
      </button>

      {fields.length > 0 ? (
        <fieldset className="ps-signers__order">
          <legend className="ps-signers__legend">Signing order</legend>
          {SIGNING_ORDER_CHOICES.map((choice) => (
            <label key={choice} className="ps-check ps-signers__choice">
              <input
                type="radio"
                name="signingOrder"
                value={choice}
                checked={order === choice}
                onChange={() => setValue('signingOrder', choice, { shouldDirty: true })}
              />
              <span>
                <span className="ps-signers__choice-label">{SIGNING_ORDER_LABELS[choice]}</span>
                <span className="ps-signers__choice-hint">{ORDER_HINTS[choice](firstName)}</span>
              </span>
            </label>
          ))}
        </fieldset>
      ) : null}
    </fieldset>
  );
}
