import {
  formatPhoneNumber,
  PHONE_MAX_LENGTH,
  PHONE_PLACEHOLDER,
  type FullNameOption,
  type SigningOrder,
} from '@prosign/domain';
import { useEffect, useRef } from 'react';
import { useFieldArray, useFormContext, useWatch } from 'react-hook-form';
import { TextField } from '../bound-fields';
import {
  EMPTY_SIGNER_ROW,
  MAX_ADDITIONAL_SIGNERS,
  SIGNING_ORDER_CHOICES,
  SIGNING_ORDER_LABELS,
  signerPicks,
  type SignerRow,
  type SignersFormValues,
} from './signer-list';
import './signers.css';

const ORDER_HINTS: Record<SigningOrder, (first: string) => string> = {
  sequential: (first) =>
    `${first} signs first, then each signer below in the order listed; each gets their link when the one before has signed.`,
  parallel: () => 'Everyone gets their own link now and can sign in any order.',
};

export interface AdditionalSignersProps {
  /** The record's other contacts, offered as quick picks (the deal's signatories, the project's contacts). */
  options?: readonly FullNameOption[];
  /** The picks' heading ("On the deal:") and their group's accessible name ("Signatories on the deal"). */
  optionsTitle?: string;
  optionsGroupLabel?: string;
  /** The form's own signer: named in the order hint, never offered as a pick. */
  firstSigner: { name: string; email: string };
  /** Who the form's signer is, as the note names them: "the client", "the partner". */
  firstSignerRole: string;
  /** Who else typically signs, as the note suggests it. */
  example?: string;
  /**
   * The form's fields the list is checked with (the first signer's, the copy addresses):
   * once the form was submitted, a change to any of them, or to a row, checks them again.
   */
  linkedFields: readonly string[];
  /** The fieldset's class on the screen (its group style). */
  className?: string;
}

/**
 * "Additional signers" of a creation form (on `/`, `/sow` and
 * `/co`): people who sign besides the form's own signer — typed, or picked from
 * the record's other contacts — and whether they sign one after the other or at
 * the same time. Each signer gets their own link; the checks (name, a valid and
 * distinct e-mail, not a copy address) are the domain's recipient-list rule, run
 * by the form's schema (`signerErrors`), each message under its field. The form
 * keeps `additionalSigners` and `signingOrder` (SignersFormValues).
 */
export function AdditionalSigners({
  options = [],
  optionsTitle = 'On the deal:',
  optionsGroupLabel = 'Signatories on the deal',
  firstSigner,
  firstSignerRole,
  example = 'a second homeowner',
  linkedFields,
  className = '',
}: AdditionalSignersProps) {
  const { control, setValue, trigger, formState } = useFormContext<SignersFormValues>();
  const { fields, append, remove } = useFieldArray({ control, name: 'additionalSigners' });
  const rows = useWatch({ control, name: 'additionalSigners' }) ?? [];
  const order = useWatch({ control, name: 'signingOrder' });
  const linked = useWatch({ name: linkedFields as string[] }) as unknown;
  const addButton = useRef<HTMLButtonElement>(null);
  const full = fields.length >= MAX_ADDITIONAL_SIGNERS;
  const picks = signerPicks(options, firstSigner.email, rows);
  const firstName = firstSigner.name.trim() || capitalised(firstSignerRole);

  // One signer's fix can clear another's error (two equal e-mails, a signer who is
  // also in copy): once the form was submitted, the whole list is checked again as
  // it changes, like every field of the form.
  const { isSubmitted } = formState;
  const listKey = JSON.stringify([linked, rows]);
  const fieldsKey = linkedFields.join(' ');
  useEffect(() => {
    if (!isSubmitted) return;
    void trigger(['additionalSigners', ...fieldsKey.split(' ')] as never);
  }, [isSubmitted, listKey, fieldsKey, trigger]);

  const add = (row: SignerRow) =>
    append(row, { shouldFocus: true, focusName: `additionalSigners.${fields.length}.name` });

  return (
    <fieldset className={`ps-signers ${className}`.trim()} aria-describedby="ps-signers-note">
      <legend className="ps-signers__title">Additional signers</legend>
      <p id="ps-signers-note" className="ps-signers__note">
        {fields.length === 0
          ? `Only ${firstSignerRole} above signs. Add anyone else who must sign, such as ${example}: each gets their own link.`
          : full
            ? `${fields.length + 1} signers with ${firstSignerRole}: the most one contract can have.`
            : `${fields.length + 1} signers with ${firstSignerRole}; ${MAX_ADDITIONAL_SIGNERS - fields.length} more can be added.`}
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
                    <TextField<SignersFormValues>
                      name={`additionalSigners.${index}.name`}
                      label="Name"
                      required
                      autoComplete="off"
                    />
                    <TextField<SignersFormValues>
                      name={`additionalSigners.${index}.email`}
                      label="E-mail"
                      required
                      type="email"
                      autoComplete="off"
                    />
                    <TextField<SignersFormValues>
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
        <div className="ps-signers__picks" role="group" aria-label={optionsGroupLabel}>
          <p className="ps-signers__picks-title">{optionsTitle}</p>
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

const capitalised = (text: string) => text.charAt(0).toUpperCase() + text.slice(1);
