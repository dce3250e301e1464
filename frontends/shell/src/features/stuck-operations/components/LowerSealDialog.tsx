import { useHealth, useLowerSealLevel } from '@prosign/api-client';
import {
  SEAL_LEVEL_DESCRIPTIONS,
  SEAL_OVERRIDE_REASON_MAX,
  sealLevelsBelow,
  type LowerSealLevel,
  type SealLevelOverrideResponse,
  type StuckOperation,
} from '@prosign/domain';
import { Dialog, LoadingState } from '@prosign/ui';
import { useEffect, useId, useRef, useState, type FormEvent } from 'react';
import { LOWER_SEAL_TEXTS as T, familyInWords } from '../utils/stuck-texts';

export interface LowerSealDialogProps {
  /** The waiting finish; the dialog is closed without one. */
  operation: StuckOperation | null;
  onClose: () => void;
}

/**
 * The admin's explicit way out: seal one agreement that waits for the time-stamp
 * service (or revocation data) at a level below the configured one, saying why.
 */
export function LowerSealDialog({ operation, onClose }: LowerSealDialogProps) {
  return operation ? (
    <LowerSealForm key={operation.agreementId} operation={operation} onClose={onClose} />
  ) : null;
}

function LowerSealForm({ operation, onClose }: { operation: StuckOperation; onClose: () => void }) {
  const health = useHealth();
  const lower = useLowerSealLevel();
  const formId = useId();
  const warningId = useId();
  const cancelRef = useRef<HTMLButtonElement>(null);
  const closeRef = useRef<HTMLButtonElement>(null);
  const [level, setLevel] = useState<LowerSealLevel | null>(null);
  const [reason, setReason] = useState('');
  const [tried, setTried] = useState(false);
  const [answer, setAnswer] = useState<SealLevelOverrideResponse | null>(null);

  const configured = health.data?.sealLevel;
  const levels = sealLevelsBelow(configured);
  const reasonProblem =
    reason.trim().length === 0 || reason.length > SEAL_OVERRIDE_REASON_MAX
      ? T.reasonRequired
      : null;
  const levelProblem = level ? null : T.levelRequired;
  const busy = lower.isPending;

  const submit = (event: FormEvent) => {
    event.preventDefault();
    setTried(true);
    if (busy || answer || !level || reasonProblem) return;
    lower.mutate(
      { agreementId: operation.agreementId, level, reason: reason.trim() },
      { onSuccess: setAnswer },
    );
  };

  // The answer replaces the form: focus moves to its Close button.
  useEffect(() => {
    if (answer) closeRef.current?.focus();
  }, [answer]);

  const canChoose = Boolean(configured) && levels.length > 0;

  return (
    <Dialog
      open
      title={T.title}
      onClose={busy ? undefined : onClose}
      initialFocusRef={answer ? undefined : cancelRef}
      describeBody={false}
      size="wide"
      className="so-dialog"
      actions={
        answer ? (
          <button
            ref={closeRef}
            type="button"
            className="ps-button ps-button--primary"
            onClick={onClose}
          >
            {T.close}
          </button>
        ) : (
          <>
            <button
              ref={cancelRef}
              type="button"
              className="ps-button"
              onClick={onClose}
              disabled={busy}
            >
              {T.cancel}
            </button>
            {canChoose ? (
              <button
                type="submit"
                form={formId}
                className="ps-button ps-button--danger"
                disabled={busy}
              >
                {busy ? T.confirming : T.confirm}
              </button>
            ) : null}
          </>
        )
      }
    >
      <p className="so-dialog__subject">
        {`${familyInWords(operation.family)} ${operation.agreementId}`}
      </p>
      {answer ? (
        <p role="status" className={answer.sealed ? 'so-result so-result--done' : 'so-result'}>
          {`${answer.message} (PAdES ${answer.level})`}
        </p>
      ) : health.isPending ? (
        <LoadingState label="Reading the configured level…" />
      ) : health.isError || !configured ? (
        <p role="alert" className="ps-field__error">
          {T.healthFailed}
        </p>
      ) : levels.length === 0 ? (
        <p>
          {T.configured(configured)} {T.noLevel}
        </p>
      ) : (
        <form id={formId} className="so-form" noValidate onSubmit={submit}>
          <p id={warningId} className="so-warning">
            <strong>{T.warning}</strong>
          </p>
          <SealLevelChoice
            name={`${formId}-level`}
            configured={configured}
            levels={levels}
            level={level}
            onChange={setLevel}
            problem={tried ? levelProblem : null}
            disabled={busy}
          />
          <ReasonField
            reason={reason}
            onChange={setReason}
            problem={tried ? reasonProblem : null}
            disabled={busy}
            warningId={warningId}
          />
          {lower.isError ? (
            <p role="alert" className="ps-field__error so-server-error">
              {lower.error.message}
            </p>
          ) : null}
        </form>
      )}
    </Dialog>
  );
}

interface SealLevelChoiceProps {
  name: string;
  configured: string;
  levels: readonly LowerSealLevel[];
  level: LowerSealLevel | null;
  onChange: (level: LowerSealLevel) => void;
  problem: string | null;
  disabled: boolean;
}

/** The levels below the configured one, each with what it means. */
function SealLevelChoice({
  name,
  configured,
  levels,
  level,
  onChange,
  problem,
  disabled,
}: SealLevelChoiceProps) {
  const levelErrorId = useId();
  return (
    <fieldset className="so-levels" aria-describedby={problem ? levelErrorId : undefined}>
      <legend className="ps-label">
        {T.level} <span className="so-muted">{`(${T.configured(configured)})`}</span>
      </legend>
      {levels.map((candidate) => (
        <label key={candidate} className="so-level">
          <input
            type="radio"
            name={name}
            value={candidate}
            checked={level === candidate}
            onChange={() => onChange(candidate)}
            disabled={disabled}
          />
          <span>
            <strong>{`PAdES ${candidate}`}</strong>
            <span className="so-level__description">{SEAL_LEVEL_DESCRIPTIONS[candidate]}</span>
          </span>
        </label>
      ))}
      {problem ? (
        <p id={levelErrorId} className="ps-field__error">
          {problem}
        </p>
      ) : null}
    </fieldset>
  );
}

interface ReasonFieldProps {
  reason: string;
  onChange: (reason: string) => void;
  problem: string | null;
  disabled: boolean;
  warningId: string;
}

/** The required reason, with its counter; the warning describes it too. */
function ReasonField({ reason, onChange, problem, disabled, warningId }: ReasonFieldProps) {
  const reasonId = useId();
  const reasonHintId = useId();
  const counterId = useId();
  const reasonErrorId = useId();
  return (
    <div className="ps-field">
      <label className="ps-label" htmlFor={reasonId}>
        {T.reason}
      </label>
      <textarea
        id={reasonId}
        className="ps-input so-reason"
        rows={4}
        required
        aria-required="true"
        maxLength={SEAL_OVERRIDE_REASON_MAX}
        value={reason}
        onChange={(event) => onChange(event.target.value)}
        disabled={disabled}
        aria-invalid={problem ? true : undefined}
        aria-describedby={[reasonHintId, counterId, problem ? reasonErrorId : null, warningId]
          .filter(Boolean)
          .join(' ')}
      />
      <div className="so-reason__meta">
        <p id={reasonHintId} className="ps-field__hint">
          {T.reasonHint}
        </p>
        <p id={counterId} className="ps-field__hint so-counter">
          {`${reason.length} / ${SEAL_OVERRIDE_REASON_MAX} characters`}
        </p>
      </div>
      {problem ? (
        <p id={reasonErrorId} className="ps-field__error">
          {problem}
        </p>
      ) : null}
    </div>
  );
}
